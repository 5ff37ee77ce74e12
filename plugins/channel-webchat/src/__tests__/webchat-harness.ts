// A webchat plugin running on its own: an express app with the plugin's routes, a real socket.io server on a port-0
// http server for the /widget namespace, and a fake PluginHost that keeps everything in memory.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import { Server } from 'socket.io';
import { io as connectClient, type Socket } from 'socket.io-client';
import { ChannelContribution, Container, PluginHost, type ConnectionInfo, type ContactRef, type InboundMedia } from '@switchboard/sdk';
import { MemoryPluginHost, type FakePeer, type OutboundSeen, type PresenceSeen } from '@switchboard/sdk/testing';
import webchatModule from '../webchat-backend-module.js';

export interface WebchatHarness {
  app: Express;
  baseUrl: string;
  io: Server;
  host: MemoryPluginHost;
  contribution: ChannelContribution;
  close(): Promise<void>;
}

export async function startWebchatHarness(connections: ConnectionInfo[]): Promise<WebchatHarness> {
  const app = express();
  const server: HttpServer = createServer(app);
  const io = new Server(server);
  const host = new MemoryPluginHost(connections, io);
  const container = new Container();
  container.bind<PluginHost>(PluginHost).toConstantValue(host);
  container.load(webchatModule);
  const contribution = container.get<ChannelContribution>(ChannelContribution);
  const router = express.Router();
  contribution.routes!(router);
  app.use(router);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    app,
    baseUrl,
    io,
    host,
    contribution,
    async close() {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}

interface Visitor {
  visitorId: string;
  visitorToken: string;
  socket: Socket;
}

/** A widget visitor per contact: talks to the plugin over HTTP and the /widget socket, as the page does. */
export class WebchatVisitorPeer implements FakePeer {
  readonly assignsAddresses = true;
  private readonly visitors = new Map<string, Visitor>();
  private readonly seen: OutboundSeen[] = [];
  private readonly typing: PresenceSeen[] = [];

  constructor(
    private readonly harness: WebchatHarness,
    /** The connection's public id (the widget's address). */
    private readonly widgetId: string,
  ) {}

  async deliverText(from: ContactRef, body: string): Promise<void> {
    const visitor = await this.visitor(from);
    await this.post(visitor, { body });
  }

  async deliverMedia(from: ContactRef, media: InboundMedia, caption?: string): Promise<void> {
    const visitor = await this.visitor(from);
    const form = new FormData();
    form.append('media', new Blob([new Uint8Array(media.data)], { type: media.mimeType }), media.fileName);
    if (caption) form.append('body', caption);
    await this.post(visitor, form);
  }

  received(): OutboundSeen[] {
    return this.seen;
  }

  presences(): PresenceSeen[] {
    return this.typing;
  }

  async acknowledge(externalId: string): Promise<void> {
    const seen = this.seen.find((s) => s.externalId === externalId);
    const visitor = [...this.visitors.values()].find((v) => v.visitorId === seen?.to);
    if (!visitor) throw new Error(`no visitor received ${externalId}`);
    visitor.socket.emit('read', { ids: [externalId] });
  }

  /** The server drops every widget socket (a node dies); the visitors reconnect, as the page does. */
  async crash(): Promise<void> {
    const dropped = [...this.visitors.values()].map(
      (visitor) =>
        new Promise<void>((resolve) => (visitor.socket.connected ? visitor.socket.once('disconnect', () => resolve()) : resolve())),
    );
    this.harness.io.of('/widget').disconnectSockets(true);
    await Promise.all(dropped);
    await Promise.all([...this.visitors.values()].map((visitor) => this.connect(visitor)));
  }

  async dispose(): Promise<void> {
    for (const visitor of this.visitors.values()) visitor.socket.disconnect();
    await this.harness.close();
  }

  private async visitor(from: ContactRef): Promise<Visitor> {
    const known = this.visitors.get(from.address);
    if (known) return known;
    const res = await fetch(`${this.harness.baseUrl}/widget/${this.widgetId}/sessions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: from.name, email: from.email }),
    });
    if (res.status !== 200) throw new Error(`session: ${res.status} ${await res.text()}`);
    const { visitorId, visitorToken } = (await res.json()) as { visitorId: string; visitorToken: string };
    const socket = connectClient(`${this.harness.baseUrl}/widget`, {
      auth: { widgetId: this.widgetId, visitorToken },
      autoConnect: false,
      reconnection: false,
      transports: ['websocket'],
    });
    socket.on('message', (m: { id: string; body: string; fromMe: boolean; mediaName?: string; mimeType?: string }) =>
      this.see(visitorId, m),
    );
    socket.on('typing', (p: { presence: PresenceSeen['presence'] }) => this.typing.push({ to: visitorId, presence: p.presence }));
    const visitor = { visitorId, visitorToken, socket };
    await this.connect(visitor);
    this.visitors.set(from.address, visitor);
    return visitor;
  }

  private see(visitorId: string, m: { id: string; body: string; fromMe: boolean; mediaName?: string; mimeType?: string }): void {
    if (!m.fromMe || this.seen.some((s) => s.externalId === m.id)) return;
    this.seen.push({
      externalId: m.id,
      to: visitorId,
      body: m.body,
      media: m.mediaName ? { fileName: m.mediaName, mimeType: m.mimeType ?? '' } : undefined,
    });
  }

  /** Connects the visitor's socket, then catches up from the transcript (what arrived while it was away). */
  private async connect(visitor: Visitor): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('visitor socket did not connect')), 5000);
      visitor.socket.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
      visitor.socket.once('connect_error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      visitor.socket.connect();
    });
    const res = await fetch(`${this.harness.baseUrl}/widget/${this.widgetId}/messages`, {
      headers: { Authorization: `Bearer ${visitor.visitorToken}` },
    });
    const { messages } = (await res.json()) as {
      messages: { id: string; body: string; fromMe: boolean; mediaName?: string; mimeType?: string }[];
    };
    for (const m of messages) this.see(visitor.visitorId, m);
  }

  private async post(visitor: Visitor, body: { body: string } | FormData): Promise<void> {
    const isForm = body instanceof FormData;
    const res = await fetch(`${this.harness.baseUrl}/widget/${this.widgetId}/messages`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${visitor.visitorToken}`, ...(isForm ? {} : { 'Content-Type': 'application/json' }) },
      body: isForm ? body : JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`message: ${res.status} ${await res.text()}`);
  }
}
