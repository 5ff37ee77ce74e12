// Typebot's chat API faked for the typebot plugin's tests, from its public API reference (startChat, continueChat):
// node:http on 127.0.0.1 port 0, running small flows the tests declare, answering and refusing as Typebot does.
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A choice item of a flow, and the group it leads to. */
export interface FakeItem {
  id: string;
  content: string;
  next?: string;
}

/** The input a group ends on: a choice (items) or a text input (accepts, when given, judges the answer). */
export interface FakeInput {
  id: string;
  type: 'choice input' | 'text input';
  items?: FakeItem[];
  isMultipleChoice?: boolean;
  accepts?: (text: string) => boolean;
  retryMessageContent?: string;
  next?: string;
}

/** A group of blocks: bubbles as Typebot answers them ({{variable}} in texts is replaced), then maybe an input. */
export interface FakeGroup {
  messages: object[];
  input?: FakeInput;
  clientSideActions?: object[];
}

export interface FakeFlow {
  publicId: string;
  start: string;
  groups: Record<string, FakeGroup>;
}

export interface FakeRequest {
  path: string;
  body: any;
}

interface Session {
  flow: FakeFlow;
  groupId: string;
  variables: Record<string, unknown>;
}

const DEFAULT_RETRY_MESSAGE = 'Invalid message. Please, try again.';

export class FakeTypebot {
  readonly requests: FakeRequest[] = [];
  readonly sessions = new Map<string, Session>();
  private readonly flows = new Map<string, FakeFlow>();
  private server?: HttpServer;
  private counter = 0;
  private stalled?: () => void;
  url = '';

  constructor(...flows: FakeFlow[]) {
    for (const flow of flows) this.flows.set(flow.publicId, flow);
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    if (!this.server) return;
    const server = this.server;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The next request gets no answer (a Typebot too slow); resolves once that request has arrived. */
  stallNext(): Promise<void> {
    return new Promise((resolve) => (this.stalled = resolve));
  }

  startRequests(): FakeRequest[] {
    return this.requests.filter((request) => request.path.endsWith('/startChat'));
  }

  continueRequests(): FakeRequest[] {
    return this.requests.filter((request) => request.path.endsWith('/continueChat'));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const path = new URL(req.url ?? '/', this.url).pathname;
    let body: any;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    } catch {
      return send(400, { message: 'Invalid JSON', code: 'BAD_REQUEST' });
    }
    this.requests.push({ path, body });
    if (this.stalled) {
      this.stalled();
      this.stalled = undefined;
      return;
    }
    if (req.method !== 'POST' || req.headers['content-type'] !== 'application/json')
      return send(404, { message: 'Not found', code: 'NOT_FOUND' });
    const start = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(path);
    if (start) return send(...this.startChat(decodeURIComponent(start[1]!), body));
    const next = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(path);
    if (next) return send(...this.continueChat(decodeURIComponent(next[1]!), body));
    send(404, { message: 'Not found', code: 'NOT_FOUND' });
  }

  private startChat(publicId: string, body: any): [number, unknown] {
    const flow = this.flows.get(publicId);
    if (!flow) return [404, { message: 'Typebot not found', code: 'NOT_FOUND' }];
    if (body.prefilledVariables !== undefined && typeof body.prefilledVariables !== 'object') {
      return [400, { message: 'Input validation failed', code: 'BAD_REQUEST' }];
    }
    const sessionId = `session-${++this.counter}`;
    const session: Session = { flow, groupId: flow.start, variables: { ...body.prefilledVariables } };
    this.sessions.set(sessionId, session);
    const typebot = { id: `typebot-${publicId}`, theme: {}, settings: {} };
    if (body.isOnlyRegistering) return [200, { sessionId, resultId: `result-${this.counter}`, typebot, messages: [] }];
    return [200, { sessionId, resultId: `result-${this.counter}`, typebot, ...this.enter(sessionId, session, flow.start) }];
  }

  private continueChat(sessionId: string, body: any): [number, unknown] {
    const session = this.sessions.get(sessionId);
    if (!session) return [404, { message: 'Session not found.', code: 'NOT_FOUND' }];
    const message = body.message;
    if (!message || message.type !== 'text' || typeof message.text !== 'string') {
      return [400, { message: 'Input validation failed', code: 'BAD_REQUEST' }];
    }
    const input = session.flow.groups[session.groupId]!.input!;
    const text: string = message.text;
    let next: string | undefined;
    if (input.type === 'choice input') {
      const item = input.items!.find((candidate) => candidate.id === text || candidate.content.trim() === text.trim());
      if (!item) return [200, this.retry(input)];
      next = item.next ?? input.next;
    } else {
      if (input.accepts && !input.accepts(text)) return [200, this.retry(input)];
      session.variables[input.id] = text;
      next = input.next;
    }
    if (!next) {
      this.sessions.delete(sessionId);
      return [200, { messages: [] }];
    }
    return [200, { lastMessageNewFormat: undefined, ...this.enter(sessionId, session, next) }];
  }

  /** Runs a group: its bubbles, and the input it waits on (none at the end of the flow, which forgets the session). */
  private enter(sessionId: string, session: Session, groupId: string): object {
    const group = session.flow.groups[groupId];
    if (!group) throw new Error(`The fake flow has no group ${groupId}`);
    session.groupId = groupId;
    if (!group.input) this.sessions.delete(sessionId);
    const messages = JSON.parse(
      JSON.stringify(group.messages).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(session.variables[name] ?? '')),
    );
    return {
      messages,
      ...(group.input ? { input: this.describeInput(group.input) } : {}),
      ...(group.clientSideActions ? { clientSideActions: group.clientSideActions } : {}),
    };
  }

  /** Typebot's answer to a reply it cannot take: the input's retry message, under the input block's id, and the input again. */
  private retry(input: FakeInput): object {
    const text = input.retryMessageContent ?? DEFAULT_RETRY_MESSAGE;
    return {
      messages: [{ id: input.id, type: 'text', content: { type: 'richText', richText: [{ type: 'p', children: [{ text }] }] } }],
      input: this.describeInput(input),
    };
  }

  private describeInput(input: FakeInput): object {
    return {
      id: input.id,
      type: input.type,
      ...(input.items ? { items: input.items.map(({ id, content }) => ({ id, content, outgoingEdgeId: `edge-${id}` })) } : {}),
      options: { isMultipleChoice: input.isMultipleChoice ?? false },
    };
  }
}

/** A rich-text bubble of paragraphs, as Typebot answers text bubbles by default. */
export function textBubble(id: string, ...paragraphs: object[][]): object {
  return { id, type: 'text', content: { type: 'richText', richText: paragraphs.map((children) => ({ type: 'p', children })) } };
}
