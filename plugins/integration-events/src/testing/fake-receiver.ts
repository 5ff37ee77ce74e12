import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request the fake received, as it came: raw body for signature checks, parsed event for assertions. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  event: any;
  /** performance.now() when the request arrived, to check the waits between attempts. */
  arrivedAt: number;
}

/** How the fake answers one request: a status with a JSON or text body, a dropped connection, or no answer at all. */
export type ReceiverAnswer =
  { status: number; json?: unknown; text?: string; headers?: Record<string, string> } | { drop: true } | { hang: true };

export type ReceiverHandler = (request: ReceivedRequest) => ReceiverAnswer | Promise<ReceiverAnswer>;

/**
 * A receiver of events on 127.0.0.1 (port 0), standing in for a customer's webhook endpoint or an n8n Webhook node.
 * Each request is answered by the next scripted answer, if any, otherwise by the handler.
 */
export class FakeReceiver {
  readonly received: ReceivedRequest[] = [];
  private readonly scripted: ReceiverAnswer[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly waiting: { count: number; resolve: () => void }[] = [];

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(handler: ReceiverHandler): Promise<FakeReceiver> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const receiver = new FakeReceiver(server, `http://127.0.0.1:${port}`);
    server.on('connection', (socket) => {
      receiver.sockets.add(socket);
      socket.on('close', () => receiver.sockets.delete(socket));
    });
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const rawBody = Buffer.concat(chunks).toString('utf8');
        const request: ReceivedRequest = {
          method: req.method ?? '',
          path: req.url ?? '/',
          headers: req.headers,
          rawBody,
          event: parsed(rawBody),
          arrivedAt: performance.now(),
        };
        void receiver.answer(request, res, handler);
      });
    });
    return receiver;
  }

  /** The next requests get these answers, in order, before the handler answers again. */
  script(...answers: ReceiverAnswer[]): void {
    this.scripted.push(...answers);
  }

  /** Resolves once `count` requests have arrived. */
  waitForRequests(count: number): Promise<void> {
    if (this.received.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push({ count, resolve }));
  }

  /** Stops listening and cuts every open connection: the receiver is gone. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async answer(request: ReceivedRequest, res: ServerResponse, handler: ReceiverHandler): Promise<void> {
    this.received.push(request);
    for (const waiter of this.waiting.filter((waiter) => this.received.length >= waiter.count)) {
      this.waiting.splice(this.waiting.indexOf(waiter), 1);
      waiter.resolve();
    }
    const answer = this.scripted.shift() ?? (await handler(request));
    if ('drop' in answer) {
      res.socket?.destroy();
      return;
    }
    if ('hang' in answer) return;
    const body = answer.json !== undefined ? JSON.stringify(answer.json) : (answer.text ?? '');
    res.writeHead(answer.status, {
      ...(answer.json !== undefined ? { 'content-type': 'application/json; charset=utf-8' } : { 'content-type': 'text/plain' }),
      ...answer.headers,
    });
    res.end(body);
  }
}

function parsed(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    return undefined;
  }
}
