// The API channel on its own: the fake integrator webhook, an express app with the plugin's routes as core mounts
// them, and the sdk's in-memory PluginHost.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import {
  ChannelContribution,
  Container,
  MediaHosts,
  PluginHost,
  type Ack,
  type ConnectionInfo,
  type ContactRef,
  type InboundMedia,
} from '@switchboard/sdk';
import { MemoryPluginHost, type FakePeer, type OutboundSeen } from '@switchboard/sdk/testing';
import apiModule from '../api-backend-module.js';
import { signPayload } from '../payload-signature.js';
import { FakeWebhook } from './fake-webhook.js';

export const SECRET = 'integrator-shared-secret-0123456789';
export const TOKEN = 'api-connection-token';

export function apiConnection(webhookUrl: string, overrides: Partial<ConnectionInfo> = {}): ConnectionInfo {
  return {
    id: 21,
    companyId: 7,
    name: 'Bridge',
    channel: 'api',
    token: TOKEN,
    settings: { webhookUrl, webhookSecret: SECRET },
    ...overrides,
  };
}

export interface PostOptions {
  /** The key to sign with; null sends no signature. Default: the connection's secret. */
  secret?: string | null;
  /** `/api/channels` (default) or the `/webhooks/api` form of the path. */
  prefix?: 'api' | 'webhooks';
  token?: string;
}

export class ApiHarness {
  readonly webhook = new FakeWebhook(SECRET);
  host!: MemoryPluginHost;
  contribution!: ChannelContribution;
  baseUrl = '';
  private server?: HttpServer;

  /** Starts the fake webhook, then the app with the connections `connectionsFor(webhook URL)`. */
  async start(connectionsFor: (webhookUrl: string) => ConnectionInfo[]): Promise<this> {
    await this.webhook.start();
    this.host = new MemoryPluginHost(connectionsFor(this.webhook.url));
    const container = new Container();
    container.bind<PluginHost>(PluginHost).toConstantValue(this.host);
    // The fake integrator serves its files from 127.0.0.1.
    container.bind<MediaHosts>(MediaHosts).toConstantValue('any');
    container.load(apiModule);
    this.contribution = container.get<ChannelContribution>(ChannelContribution);
    const app = express();
    const router = express.Router();
    this.contribution.routes?.(router);
    app.use(router);
    // As in core: the API's JSON parsing comes after the plugin routes.
    app.use(express.json());
    this.server = createServer(app);
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** POSTs `payload` (an object as JSON, or a raw string) to the connection's messages or statuses route. */
  post(action: 'messages' | 'statuses', payload: unknown, options: PostOptions = {}): Promise<Response> {
    const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    const secret = options.secret === undefined ? SECRET : options.secret;
    if (secret !== null) headers['X-Switchboard-Signature'] = signPayload(body, secret);
    const path = options.prefix === 'webhooks' ? '/webhooks/api' : '/api/channels';
    return fetch(`${this.baseUrl}${path}/${options.token ?? TOKEN}/${action}`, { method: 'POST', headers, body });
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    await this.webhook.close();
  }
}

/** The integrator's bridge: its contacts write through the inbound route, and it reads what the webhook received. */
export class ApiPeer implements FakePeer {
  private counter = 0;

  constructor(private readonly harness: ApiHarness) {}

  async deliverText(from: ContactRef, body: string): Promise<void> {
    await this.message({ number: from.address, name: from.name, body });
  }

  async deliverMedia(from: ContactRef, media: InboundMedia, caption?: string): Promise<void> {
    const file = { base64: media.data.toString('base64'), fileName: media.fileName, mimeType: media.mimeType };
    await this.message({ number: from.address, name: from.name, body: caption, media: file });
  }

  received(): OutboundSeen[] {
    return this.harness.webhook.seen();
  }

  async acknowledge(externalId: string, ack: Ack = 3): Promise<void> {
    const status = ack === 1 ? 'sent' : ack === 2 ? 'delivered' : ack === 4 ? 'played' : 'read';
    await this.accepted(await this.harness.post('statuses', { id: externalId, status }));
  }

  async dispose(): Promise<void> {
    await this.harness.close();
  }

  private async message(payload: Record<string, unknown>): Promise<void> {
    await this.accepted(await this.harness.post('messages', { externalId: `bridge-${++this.counter}-${Date.now()}`, ...payload }));
  }

  private async accepted(res: Response): Promise<void> {
    if (res.status !== 202) throw new Error(`the API channel answered ${res.status}: ${await res.text()}`);
  }
}
