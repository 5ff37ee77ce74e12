import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { ChannelSession, ChannelSessionContext, ContactRef, OutboundMessage } from '@switchboard/sdk';
import { apiSettings, settingsProblem, type ApiSettings } from './api-settings.js';
import { deliverEvent, outboundEvent, type OutboundEvent, type OutboundEventName } from './outbound-event.js';

/**
 * One API connection. There is no account to log into: the session is CONNECTED while its settings can send, and
 * every outbound action is a signed POST to the connection's webhook. Inbound arrives through the plugin's routes.
 */
export class ApiSession implements ChannelSession {
  private running = false;

  constructor(private readonly ctx: ChannelSessionContext) {}

  async start(): Promise<void> {
    const problem = settingsProblem(apiSettings(this.ctx.connection));
    if (problem) {
      this.running = false;
      this.ctx.log.error(`api: ${problem}`, { connectionId: this.ctx.connection.id });
      await this.ctx.setStatus('DISCONNECTED');
      return;
    }
    this.running = true;
    await this.ctx.setStatus('CONNECTED');
  }

  async stop(_options: { logout: boolean }): Promise<void> {
    if (!this.running) return;
    this.running = false;
    await this.ctx.setStatus('DISCONNECTED');
  }

  async send(message: OutboundMessage): Promise<{ externalId: string }> {
    // Stable per core message, so a retried delivery carries the same id and the integrator can drop the repeat.
    const externalId = `out-${this.ctx.connection.id}-${message.messageId}`;
    const media = message.media
      ? {
          base64: (await readFile(message.media.path)).toString('base64'),
          fileName: message.media.fileName,
          mimeType: message.media.mimeType,
          mediaType: message.media.mediaType,
          ...(message.media.asVoiceNote ? { asVoiceNote: true } : {}),
        }
      : undefined;
    await this.deliver('message.created', message.to, {
      id: externalId,
      ...(message.body ? { body: message.body } : {}),
      ...(media ? { media } : {}),
      ...(message.quoted ? { quotedId: message.quoted.externalId } : {}),
      ...(message.vCard ? { vCard: message.vCard } : {}),
    });
    return { externalId };
  }

  async edit(externalId: string, body: string, to: ContactRef): Promise<void> {
    await this.deliver('message.updated', to, { id: externalId, body });
  }

  async remove(externalId: string, to: ContactRef): Promise<void> {
    await this.deliver('message.deleted', to, { id: externalId });
  }

  async react(externalId: string, emoji: string, to: ContactRef): Promise<{ externalId: string }> {
    const reactionId = `reaction-${this.ctx.connection.id}-${randomUUID()}`;
    await this.deliver('message.reaction', to, { id: reactionId, targetId: externalId, emoji });
    return { externalId: reactionId };
  }

  private async deliver(event: OutboundEventName, to: ContactRef, message: OutboundEvent['message']): Promise<void> {
    const settings = this.sendingSettings();
    await deliverEvent(settings, outboundEvent(event, this.ctx.connection, to, message));
  }

  private sendingSettings(): ApiSettings {
    if (!this.running) throw new Error('ERR_WAPP_NOT_INITIALIZED: the API connection is not started');
    return apiSettings(this.ctx.connection);
  }
}
