// What the campaign tests share: an integrator's webhook for API connections (it records every message sent to it),
// an API connection made through the product's routes, and a contact answering through the API channel.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as XLSX from '@e965/xlsx';
import { api } from '../../../testing/test-server.js';

export const WEBHOOK_SECRET = 'campaign-test-webhook-secret-0123456789';

/** One message.created delivery as the integrator got it. */
export interface Delivered {
  id: string;
  to: string;
  body?: string;
  connectionId: number;
}

export class CampaignWebhook {
  readonly delivered: Delivered[] = [];
  private server?: Server;
  url = '';

  /** `delayMs` plays an integrator answering slowly, so a campaign is still under way when a test acts. */
  constructor(private readonly delayMs = 0) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const event = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const answer = () => {
          if (event.event === 'message.created') {
            this.delivered.push({
              id: event.message.id,
              to: event.contact.number,
              body: event.message.body,
              connectionId: event.connection?.id,
            });
          }
          res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
        };
        if (this.delayMs > 0) setTimeout(answer, this.delayMs);
        else answer();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
    return this;
  }

  /** Distinct messages each number got (a delivery retried with the same id is one message). */
  messagesByNumber(): Map<string, Set<string>> {
    const seen = new Map<string, Set<string>>();
    for (const delivery of this.delivered) seen.set(delivery.to, (seen.get(delivery.to) ?? new Set()).add(delivery.id));
    return seen;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** An API connection of the caller's company posting to the webhook; answers its id and token. */
export async function createApiConnection(
  server: { url: string },
  token: string,
  webhook: CampaignWebhook,
  name: string,
): Promise<{ id: number; token: string }> {
  const created = await api(server, 'POST', '/whatsapp', {
    token,
    body: { name, channel: 'api', settings: { webhookUrl: webhook.url, webhookSecret: WEBHOOK_SECRET } },
  });
  if (created.status !== 201) throw new Error(`connection not created: ${created.status} ${JSON.stringify(created.body)}`);
  const shown = await api(server, 'GET', `/whatsapp/${created.body.id}`, { token });
  return { id: created.body.id, token: shown.body.token };
}

/** A contact writing to the company through the API connection. */
export async function contactWrites(
  server: { url: string },
  connectionToken: string,
  message: { number: string; body: string },
): Promise<void> {
  const answer = await api(server, 'POST', `/api/channels/${connectionToken}/messages`, {
    body: {
      externalId: `in-${message.number}-${Date.now()}-${Math.random()}`,
      number: message.number,
      name: message.number,
      body: message.body,
    },
  });
  if (answer.status !== 202) throw new Error(`inbound refused: ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** A contact list (a new one, or `listId`) imported from a spreadsheet written here (.xlsx or the older .xls); answers its id. */
export async function importedContactList(
  server: { url: string },
  token: string,
  options: { name: string; people: { name: string; number: string; email?: string }[]; bookType: 'xlsx' | 'xls'; listId?: number },
): Promise<number> {
  const created = options.listId
    ? { status: 200, body: { id: options.listId } }
    : await api(server, 'POST', '/contact-lists', { token, body: { name: options.name } });
  if (created.status !== 200 && created.status !== 201)
    throw new Error(`list not created: ${created.status} ${JSON.stringify(created.body)}`);
  const sheet = XLSX.utils.aoa_to_sheet([
    ['nome', 'numero', 'email'],
    ...options.people.map((person) => [person.name, person.number, person.email ?? '']),
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Contatos');
  const data = XLSX.write(book, { type: 'buffer', bookType: options.bookType === 'xls' ? 'biff8' : 'xlsx' }) as Buffer;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), `${options.name}.${options.bookType}`);
  const uploaded = await api(server, 'POST', `/contact-lists/${created.body.id}/upload`, { token, body: form });
  if (uploaded.status >= 300) throw new Error(`import refused: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
  return created.body.id as number;
}
