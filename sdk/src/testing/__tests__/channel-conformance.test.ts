// The kit run against a minimal in-memory channel: a QR-paired "loopback" whose peer is a plain object. It shows the
// smallest plugin that passes, and exercises the suite's crash path where the session reports DISCONNECTED and core
// (played by the suite) starts it again.
import { describe, expect, it } from '@jest/globals';
import type { ChannelContribution, ChannelSession, ChannelSessionContext, ContactRef, InboundMedia, OutboundMessage } from '../../index.js';
import { describeChannelConformance, RecordingSessionContext, type FakePeer, type OutboundSeen } from '../index.js';

class LoopbackPeer implements FakePeer {
  session?: LoopbackSession;
  readonly seen: OutboundSeen[] = [];
  private next = 1;

  async deliverText(from: ContactRef, body: string): Promise<void> {
    await this.session!.fromPeer({ id: `in-${this.next++}`, from, body });
  }
  async deliverMedia(from: ContactRef, media: InboundMedia, caption?: string): Promise<void> {
    await this.session!.fromPeer({ id: `in-${this.next++}`, from, body: caption, media });
  }
  received(): OutboundSeen[] {
    return this.seen;
  }
  async crash(): Promise<void> {
    await this.session!.dropped();
  }
  async acknowledge(externalId: string): Promise<void> {
    await this.session!.acked(externalId);
  }
}

class LoopbackSession implements ChannelSession {
  private connected = false;
  private next = 1;
  constructor(
    private readonly ctx: ChannelSessionContext,
    private readonly peer: LoopbackPeer,
  ) {
    peer.session = this;
  }
  async start(): Promise<void> {
    await this.ctx.setStatus('OPENING');
    await this.ctx.setStatus('qrcode', { qrcode: 'loopback-qr' });
    this.connected = true;
    await this.ctx.setStatus('CONNECTED', { number: '5511999999999' });
  }
  async stop(): Promise<void> {
    this.connected = false;
  }
  async send(message: OutboundMessage): Promise<{ externalId: string }> {
    if (!this.connected) throw new Error('not connected');
    const externalId = `out-${this.next++}`;
    this.peer.seen.push({
      externalId,
      to: message.to.address,
      body: message.body,
      media: message.media && { fileName: message.media.fileName, mimeType: message.media.mimeType },
    });
    return { externalId };
  }
  async fromPeer(message: { id: string; from: ContactRef; body?: string; media?: InboundMedia }): Promise<void> {
    await this.ctx.inbound({
      type: 'message',
      externalId: message.id,
      chat: message.from,
      fromMe: false,
      body: message.body,
      media: message.media,
      mediaType: message.media ? 'image' : 'chat',
    });
  }
  async dropped(): Promise<void> {
    this.connected = false;
    await this.ctx.setStatus('DISCONNECTED');
  }
  async acked(externalId: string): Promise<void> {
    await this.ctx.inbound({ type: 'ack', externalId, ack: 3 });
  }
}

let peer: LoopbackPeer;
const loopback = (): ChannelContribution => ({
  channel: 'loopback',
  description: {
    name: 'Loopback',
    settings: [{ key: 'greeting', type: 'string', label: 'loopback.greeting' }],
    capabilities: { media: true, qrcode: true },
  },
  createSession: (ctx) => new LoopbackSession(ctx, peer),
});

describeChannelConformance({
  name: 'loopback',
  peer: () => (peer = new LoopbackPeer()),
  contribution: loopback,
});

describe('RecordingSessionContext', () => {
  it('records statuses and events, and waits for them', async () => {
    const context = new RecordingSessionContext({ channel: 'x' });
    expect(context.connection).toMatchObject({ id: 1, companyId: 1, channel: 'x' });
    setTimeout(() => void context.setStatus('CONNECTED'), 20);
    await expect(context.waitForStatus('CONNECTED')).resolves.toMatchObject({ status: 'CONNECTED' });
    await expect(context.waitForStatus('qrcode', { timeoutMs: 50 })).rejects.toThrow(/Timed out after 50 ms waiting for status qrcode/);
    await context.inbound({ type: 'delete', externalId: 'a' });
    expect(context.events).toEqual([{ type: 'delete', externalId: 'a' }]);
    await context.store.set('b:1', 'one');
    await context.store.set('a:1', 'zero');
    expect(await context.store.list()).toEqual([
      ['a:1', 'zero'],
      ['b:1', 'one'],
    ]);
    context.log.warn('quiet', { n: 1 });
    expect(context.log.entries).toEqual([{ level: 'warn', message: 'quiet', data: { n: 1 } }]);
  });
});
