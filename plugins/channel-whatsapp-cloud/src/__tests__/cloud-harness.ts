// The whatsappapi plugin on its own: the fake Cloud API, the plugin's webhook on express, and the sdk's MemoryPluginHost.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import {
  ChannelContribution,
  Container,
  PluginHost,
  type Ack,
  type ConnectionInfo,
  type ContactRef,
  type InboundMedia,
} from '@switchboard/sdk';
import { MemoryPluginHost, type FakePeer, type OutboundSeen } from '@switchboard/sdk/testing';
import whatsappCloudModule, { hubSignature, WhatsappCloudOptions } from '../whatsapp-cloud-backend-module.js';
import { cloudDelivery, cloudSettings, contactMessage, FakeCloudApi, postCloudDelivery } from './fake-cloud-api.js';

export const APP_SECRET = 'cloud-app-secret';
export const VERIFY_TOKEN = cloudSettings(APP_SECRET).verifyToken!;

export function cloudConnection(overrides: Partial<ConnectionInfo> = {}): ConnectionInfo {
  return {
    id: 21,
    companyId: 7,
    name: 'WhatsApp oficial',
    channel: 'whatsappapi',
    token: 'cloud-connection-token',
    settings: cloudSettings(APP_SECRET),
    ...overrides,
  };
}

export interface CloudHarness {
  baseUrl: string;
  host: MemoryPluginHost;
  api: FakeCloudApi;
  contribution: ChannelContribution;
  /** Posts a delivery signed with `secret` (the app secret by default; null: unsigned). */
  post(payload: unknown, secret?: string | null): Promise<Response>;
  close(): Promise<void>;
}

export async function startCloudHarness(connections: ConnectionInfo[], now?: () => number): Promise<CloudHarness> {
  const api = new FakeCloudApi();
  await api.start();
  const host = new MemoryPluginHost(connections, undefined, { whatsappapi: 'phoneNumberId' });
  const container = new Container();
  container.bind<PluginHost>(PluginHost).toConstantValue(host);
  container.bind(WhatsappCloudOptions).toConstantValue({ graphOrigin: api.origin, ...(now ? { now } : {}) });
  container.load(whatsappCloudModule);
  const contribution = container.get<ChannelContribution>(ChannelContribution);
  // The plugin's routes alone, as core mounts them: before any body parser.
  const router = express.Router();
  contribution.routes!(router);
  const server = createServer(express().use(router));
  await once(server.listen(0, '127.0.0.1'), 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    host,
    api,
    contribution,
    post: (payload, secret = APP_SECRET) => postCloudDelivery(`http://127.0.0.1:${port}`, payload, { sign: hubSignature, secret }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await api.close();
    },
  };
}

/** WhatsApp users writing to the business number through signed deliveries, and receiving at the fake Cloud API. */
export class CloudPeer implements FakePeer {
  constructor(private readonly harness: CloudHarness) {}

  async deliverText(from: ContactRef, body: string): Promise<void> {
    await this.deliver(cloudDelivery(contactMessage(from, 'text', { body })));
  }

  async deliverMedia(from: ContactRef, media: InboundMedia, caption?: string): Promise<void> {
    const id = this.harness.api.storeInboundMedia(media.data, media.mimeType, media.fileName);
    const type = media.mimeType.startsWith('image/') ? 'image' : 'document';
    const content = {
      id,
      mime_type: media.mimeType,
      ...(caption ? { caption } : {}),
      ...(type === 'document' ? { filename: media.fileName } : {}),
    };
    await this.deliver(cloudDelivery(contactMessage(from, type, content)));
  }

  received(): OutboundSeen[] {
    return this.harness.api.seen;
  }

  async acknowledge(externalId: string, ack: Ack = 3): Promise<void> {
    const seen = this.harness.api.seen.find((message) => message.externalId === externalId);
    const status = ack >= 3 ? 'read' : ack === 2 ? 'delivered' : 'sent';
    await this.deliver(
      cloudDelivery({ statuses: [{ id: externalId, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: seen?.to }] }),
    );
  }

  async dispose(): Promise<void> {
    await this.harness.close();
  }

  private async deliver(payload: unknown): Promise<void> {
    const res = await this.harness.post(payload);
    if (res.status !== 200) throw new Error(`webhook: ${res.status} ${await res.text()}`);
  }
}
