// The integrator's side of an API connection, faked: a node:http server on port 0 that receives the signed outbound
// deliveries (refusing a bad signature, as an integrator should), and can serve files for inbound media by URL.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OutboundSeen } from '@switchboard/sdk/testing';
import type { OutboundEvent } from '../outbound-event.js';
import { verifyPayload } from '../payload-signature.js';

export interface Delivery {
  headers: Record<string, string | string[] | undefined>;
  raw: string;
  event: OutboundEvent;
}

export class FakeWebhook {
  /** Every delivery whose signature verified, in order. */
  readonly deliveries: Delivery[] = [];
  /** Deliveries refused for their signature. */
  refusedSignatures = 0;
  /** The status the webhook answers (set to 500 to play an integrator that fails). */
  answerStatus = 200;
  private readonly files = new Map<string, { data: Buffer; mimeType: string }>();
  private server?: HttpServer;
  origin = '';

  constructor(private readonly secret: string) {}

  get url(): string {
    return `${this.origin}/hooks/switchboard?key=integrator-own-key`;
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', this.origin);
        if (req.method === 'GET' && url.pathname.startsWith('/files/')) {
          const file = this.files.get(url.pathname.slice('/files/'.length));
          if (!file) return void res.writeHead(404).end();
          res.writeHead(200, { 'Content-Type': file.mimeType, 'Content-Length': file.data.length });
          return void res.end(file.data);
        }
        const raw = Buffer.concat(chunks);
        if (!verifyPayload(raw, req.headers['x-switchboard-signature'] as string | undefined, this.secret)) {
          this.refusedSignatures += 1;
          return void res.writeHead(401).end('bad signature');
        }
        if (this.answerStatus >= 200 && this.answerStatus < 300) {
          this.deliveries.push({
            headers: req.headers,
            raw: raw.toString('utf8'),
            event: JSON.parse(raw.toString('utf8')) as OutboundEvent,
          });
        }
        res.writeHead(this.answerStatus, { 'Content-Type': 'application/json' });
        res.end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Serves bytes for an inbound message's media.url; returns the URL. */
  host(name: string, data: Buffer, mimeType: string): string {
    this.files.set(name, { data, mimeType });
    return `${this.origin}/files/${name}`;
  }

  /** The created messages as the conformance suite reads them. */
  seen(): OutboundSeen[] {
    return this.deliveries
      .filter((d) => d.event.event === 'message.created')
      .map(({ event }) => ({
        externalId: event.message.id,
        to: event.contact.number,
        ...(event.message.body !== undefined ? { body: event.message.body } : {}),
        ...(event.message.media ? { media: { fileName: event.message.media.fileName, mimeType: event.message.media.mimeType } } : {}),
      }));
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
