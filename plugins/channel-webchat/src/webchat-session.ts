import type { ChannelSession, ChannelSessionContext, ContactRef, OutboundMessage, PluginHost } from '@switchboard/sdk';
import { newMessageId, viewOf, visitorRoom, VisitorTranscript } from './visitor-transcript.js';

/** Namespace of the widget's sockets. */
export const WIDGET_NAMESPACE = '/widget';

/**
 * The session of one webchat connection. There is no remote account to connect to: the session is CONNECTED while
 * it runs, and agent replies go to the visitor's transcript and to the visitor's open widgets through the socket.
 */
export class WebchatSession implements ChannelSession {
  private running = false;
  private readonly transcript: VisitorTranscript;

  constructor(
    private readonly ctx: ChannelSessionContext,
    private readonly host: PluginHost,
  ) {
    this.transcript = new VisitorTranscript(ctx.store, ctx.connection.id);
  }

  async start(): Promise<void> {
    this.running = true;
    await this.ctx.setStatus('CONNECTED');
  }

  async stop(_options: { logout: boolean }): Promise<void> {
    if (!this.running) return;
    this.running = false;
    await this.ctx.setStatus('DISCONNECTED');
  }

  async send(message: OutboundMessage): Promise<{ externalId: string }> {
    this.assertRunning();
    const visitorId = message.to.address;
    if (!(await this.transcript.meta(visitorId))) throw new Error(`ERR_WAPP_INVALID_CONTACT: no webchat visitor ${visitorId}`);
    const entry = await this.transcript.append(visitorId, {
      id: newMessageId(),
      body: message.body ?? '',
      fromMe: true,
      media: message.media
        ? {
            fileName: message.media.fileName,
            mimeType: message.media.mimeType,
            mediaType: message.media.mediaType,
            path: message.media.path,
          }
        : undefined,
      createdAt: new Date().toISOString(),
    });
    this.emit(visitorId, 'message', viewOf(entry, this.ctx.connection.publicId));
    return { externalId: entry.id };
  }

  async sendPresence(to: ContactRef, presence: 'composing' | 'recording' | 'paused'): Promise<void> {
    this.assertRunning();
    this.emit(to.address, 'typing', { presence });
  }

  async edit(externalId: string, body: string, to: ContactRef): Promise<void> {
    this.assertRunning();
    const entry = await this.transcript.find(to.address, externalId);
    if (!entry || !entry.fromMe) throw new Error(`ERR_EDITING_WAPP_MSG: no agent message ${externalId}`);
    const edited = { ...entry, body, editedAt: new Date().toISOString() };
    await this.transcript.update(to.address, edited);
    this.emit(to.address, 'edit', viewOf(edited, this.ctx.connection.publicId));
  }

  async remove(externalId: string, to: ContactRef): Promise<void> {
    this.assertRunning();
    const entry = await this.transcript.find(to.address, externalId);
    if (!entry || !entry.fromMe) throw new Error(`ERR_DELETE_WAPP_MSG: no agent message ${externalId}`);
    await this.transcript.update(to.address, { ...entry, deleted: true });
    this.emit(to.address, 'delete', { id: externalId });
  }

  private emit(visitorId: string, event: string, payload: unknown): void {
    this.host.namespace(WIDGET_NAMESPACE).to(visitorRoom(this.ctx.connection.id, visitorId)).emit(event, payload);
  }

  private assertRunning(): void {
    if (!this.running) throw new Error('ERR_WAPP_NOT_INITIALIZED: the webchat session is not started');
  }
}
