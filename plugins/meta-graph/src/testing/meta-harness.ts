// A Meta channel plugin on its own (facebook, instagram): the fake Graph API (fake-graph-api.ts), an express app with the
// plugin's webhook routes, and a fake PluginHost that keeps everything in memory.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import {
  addressField,
  ChannelContribution,
  Container,
  PluginHost,
  type Ack,
  type ConnectionInfo,
  type ContactRef,
  type ContainerModule,
  type InboundMedia,
} from '@switchboard/sdk';
import { MemoryPluginHost, type FakePeer, type OutboundSeen, type PresenceSeen } from '@switchboard/sdk/testing';
import { signBody } from '../webhook-signature.js';
import { APP_SECRET, FakeGraphApi, PAGE_ID, PAGE_TOKEN, VERIFY_TOKEN } from './fake-graph-api.js';

export { APP_SECRET, FakeGraphApi, FB_APP_ID, LOGIN, PAGE_ID, PAGE_TOKEN, VERIFY_TOKEN, type GraphRequest } from './fake-graph-api.js';

export function connectionFor(channel: 'facebook' | 'instagram', overrides: Partial<ConnectionInfo> = {}): ConnectionInfo {
  return {
    id: channel === 'facebook' ? 11 : 12,
    companyId: 5,
    name: `${channel} page`,
    channel,
    token: `${channel}-connection-token`,
    settings: {
      pageId: PAGE_ID,
      pageAccessToken: PAGE_TOKEN,
      appSecret: APP_SECRET,
      verifyToken: VERIFY_TOKEN,
      ...(channel === 'instagram' ? { instagramAccountId: '17841400000000001' } : {}),
    },
    ...overrides,
  };
}

export interface MetaHarness {
  baseUrl: string;
  host: MemoryPluginHost;
  graph: FakeGraphApi;
  contributions: ChannelContribution[];
  contribution(channel: string): ChannelContribution;
  /** Posts a webhook body signed with `secret` (APP_SECRET by default; null: unsigned). */
  postWebhook(channel: string, token: string, payload: unknown, secret?: string | null): Promise<Response>;
  close(): Promise<void>;
}

/** Starts the fake Graph API and the plugins' webhook routes for `connections`. */
export async function startMetaHarness(pluginModules: ContainerModule[], connections: ConnectionInfo[]): Promise<MetaHarness> {
  const graph = new FakeGraphApi();
  await graph.start();
  process.env.SWITCHBOARD_GRAPH_ORIGIN = graph.origin;

  // The host finds a webhook's connection by the setting each channel's description marks as its address.
  const addresses: Record<string, string> = {};
  const host = new MemoryPluginHost(connections, undefined, addresses);
  const container = new Container();
  container.bind<PluginHost>(PluginHost).toConstantValue(host);
  container.load(...pluginModules);
  const contributions = container.getAll<ChannelContribution>(ChannelContribution);
  for (const contribution of contributions) {
    const field = addressField(contribution.channel, contribution.description);
    if (field) addresses[contribution.channel] = field.key;
  }
  const app = express();
  const router = express.Router();
  for (const contribution of contributions) contribution.routes?.(router);
  app.use(router);
  // As in core: JSON parsing comes after the plugin routes.
  app.use(express.json());
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    host,
    graph,
    contributions,
    contribution(channel) {
      const found = contributions.find((c) => c.channel === channel);
      if (!found) throw new Error(`no contribution ${channel}`);
      return found;
    },
    async postWebhook(channel, token, payload, secret = APP_SECRET) {
      const body = JSON.stringify(payload);
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (secret !== null) headers['X-Hub-Signature-256'] = signBody(body, secret);
      return fetch(`${baseUrl}/webhooks/${channel}/${token}`, { method: 'POST', headers, body });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await graph.close();
      delete process.env.SWITCHBOARD_GRAPH_ORIGIN;
    },
  };
}

/** Polls until the probe answers something other than undefined or false; fails naming `what` after `timeoutMs`. */
export async function waitFor<T>(probe: () => T | undefined | false, what: string, timeoutMs = 3000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A webhook body with messaging events, as Meta sends it for the channel. */
export function webhookBody(channel: string, messaging: unknown[]): unknown {
  return {
    object: channel === 'instagram' ? 'instagram' : 'page',
    entry: [{ id: PAGE_ID, time: Date.now(), messaging }],
  };
}

/** The people on Messenger/Instagram: they write to the page through signed webhooks and read the fake Graph API. */
export class MetaPeer implements FakePeer {
  private counter = 0;

  constructor(
    private readonly harness: MetaHarness,
    private readonly connection: ConnectionInfo,
  ) {}

  async deliverText(from: ContactRef, body: string): Promise<void> {
    await this.deliver(from, { text: body });
  }

  async deliverMedia(from: ContactRef, media: InboundMedia, caption?: string): Promise<void> {
    const url = this.harness.graph.hostMedia(media.data, media.fileName, media.mimeType);
    const type = media.mimeType.startsWith('image/') ? 'image' : 'file';
    await this.deliver(from, { ...(caption ? { text: caption } : {}), attachments: [{ type, payload: { url } }] });
  }

  received(): OutboundSeen[] {
    return this.harness.graph.seen;
  }

  presences(): PresenceSeen[] {
    return this.harness.graph.typing;
  }

  async acknowledge(externalId: string, ack: Ack = 3): Promise<void> {
    const seen = this.harness.graph.seen.find((s) => s.externalId === externalId);
    if (!seen) throw new Error(`the peer never received ${externalId}`);
    const base = { sender: { id: seen.to }, recipient: { id: PAGE_ID }, timestamp: Date.now() };
    const event =
      ack === 2
        ? { ...base, delivery: { mids: [externalId], watermark: Date.now() } }
        : this.connection.channel === 'instagram'
          ? { ...base, read: { mid: externalId } }
          : { ...base, read: { watermark: Date.now() } };
    await this.post([event]);
  }

  async dispose(): Promise<void> {
    await this.harness.close();
  }

  private async deliver(from: ContactRef, message: Record<string, unknown>): Promise<void> {
    const mid = `m_in_${this.connection.channel}_${++this.counter}_${Date.now()}`;
    await this.post([{ sender: { id: from.address }, recipient: { id: PAGE_ID }, timestamp: Date.now(), message: { mid, ...message } }]);
  }

  private async post(messaging: unknown[]): Promise<void> {
    const res = await this.harness.postWebhook(
      this.connection.channel,
      this.connection.token!,
      webhookBody(this.connection.channel, messaging),
    );
    if (res.status !== 200) throw new Error(`webhook: ${res.status} ${await res.text()}`);
  }
}
