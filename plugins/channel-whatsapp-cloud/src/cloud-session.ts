import {
  ChannelError,
  type ChannelSession,
  type ChannelSessionContext,
  type ContactRef,
  type OutboundMedia,
  type OutboundMessage,
  type TemplateChoice,
} from '@switchboard/sdk';
import { CloudApiClient } from './cloud-api.js';
import { cloudSettings } from './cloud-settings.js';
import { CustomerServiceWindow } from './customer-service-window.js';

/** Thrown by send and react when the contact last wrote more than 24 hours ago: only a template may go then. */
export const ERR_OUTSIDE_REPLY_WINDOW = 'ERR_OUTSIDE_REPLY_WINDOW';

/** Where the plugin finds the Graph API, and its clock: a test points them at a fake server and a moved time. */
export interface CloudSessionOptions {
  graphOrigin: string;
  now?: () => number;
}

/** The Cloud API's message kinds for our media types; a caption is allowed on all but audio. */
function cloudKind(media: OutboundMedia): 'image' | 'video' | 'audio' | 'document' {
  if (media.mediaType === 'image' || media.mediaType === 'video' || media.mediaType === 'audio') return media.mediaType;
  return 'document';
}

/** The Cloud API client of a connection's settings. */
export function cloudApiOf(connection: ChannelSessionContext['connection'], options: CloudSessionOptions): CloudApiClient {
  const settings = cloudSettings(connection);
  return new CloudApiClient({
    origin: options.graphOrigin,
    accessToken: settings.accessToken,
    phoneNumberId: settings.phoneNumberId,
    businessAccountId: settings.businessAccountId,
  });
}

/**
 * One business phone number on the Cloud API. There is no socket to keep: start() checks the number with the Graph
 * API, inbound arrives through the plugin's webhook, and sends are HTTPS calls.
 */
export class CloudSession implements ChannelSession {
  private running = false;
  private readonly window: CustomerServiceWindow;

  constructor(
    private readonly ctx: ChannelSessionContext,
    private readonly options: CloudSessionOptions,
  ) {
    this.window = new CustomerServiceWindow(ctx.store, options.now);
  }

  private api(): CloudApiClient {
    return cloudApiOf(this.ctx.connection, this.options);
  }

  async start(): Promise<void> {
    const connectionId = this.ctx.connection.id;
    const settings = cloudSettings(this.ctx.connection);
    if (!settings.accessToken || !settings.phoneNumberId) {
      this.ctx.log.error('whatsappapi: the connection needs its phone number id and access token', { connectionId });
      await this.ctx.setStatus('DISCONNECTED');
      return;
    }
    await this.ctx.setStatus('OPENING');
    try {
      const number = await this.api().businessNumber();
      this.running = true;
      const quality = number.quality_rating ?? 'UNKNOWN';
      // The quality rating decides how many conversations Meta lets the number open: worth seeing next to it.
      await this.ctx.store.set('businessNumber', JSON.stringify({ ...number, checkedAt: new Date().toISOString() }));
      this.ctx.log.info(`whatsappapi: connected as ${number.verified_name ?? number.id}, quality ${quality}`, { connectionId });
      const digits = (number.display_phone_number ?? '').replace(/\D/g, '');
      await this.ctx.setStatus('CONNECTED', { number: digits ? `${digits} (${quality})` : `(${quality})` });
    } catch (error) {
      this.ctx.log.error('whatsappapi: the Graph API did not confirm the phone number', { connectionId, error: String(error) });
      await this.disconnected();
    }
  }

  async stop(_options: { logout: boolean }): Promise<void> {
    if (this.running) await this.disconnected();
  }

  /** Nothing to close on the Cloud API: the session only stops speaking for the number. */
  private async disconnected(): Promise<void> {
    this.running = false;
    await this.ctx.setStatus('DISCONNECTED');
  }

  async send(message: OutboundMessage): Promise<{ externalId: string }> {
    const to = message.to.address;
    if (message.template) return { externalId: await this.sendTemplate(to, message.template) };
    await this.assertWindowOpen(to);
    const api = this.api();
    const context = message.quoted ? { context: { message_id: message.quoted.externalId } } : {};
    const body = message.body?.trim() ? message.body : undefined;
    if (message.media) {
      const kind = cloudKind(message.media);
      const id = await api.uploadMedia(message.media);
      const file = {
        id,
        ...(body && kind !== 'audio' ? { caption: body } : {}),
        ...(kind === 'document' ? { filename: message.media.fileName } : {}),
      };
      // Audio takes no caption: the text goes first, as its own message.
      if (body && kind === 'audio') await api.sendMessage(to, { type: 'text', text: { body }, ...context });
      return { externalId: await api.sendMessage(to, { type: kind, [kind]: file, ...context }) };
    }
    if (!body) throw new ChannelError('ERR_EMPTY_MESSAGE', 'There is nothing to send');
    return { externalId: await api.sendMessage(to, { type: 'text', text: { body, preview_url: false }, ...context }) };
  }

  async react(externalId: string, emoji: string, to: ContactRef): Promise<{ externalId: string }> {
    await this.assertWindowOpen(to.address);
    const wamid = await this.api().sendMessage(to.address, { type: 'reaction', reaction: { message_id: externalId, emoji } });
    return { externalId: wamid };
  }

  /** Reading the last message marks the ones before it read too. */
  async markRead(externalIds: string[], _to: ContactRef): Promise<void> {
    const last = externalIds.at(-1);
    if (last) await this.api().markRead(last);
  }

  private sendTemplate(to: string, template: TemplateChoice): Promise<string> {
    const parameters = template.variables.map((text) => ({ type: 'text', text }));
    return this.api().sendMessage(to, {
      type: 'template',
      template: {
        name: template.name,
        language: { code: template.language },
        ...(parameters.length ? { components: [{ type: 'body', parameters }] } : {}),
      },
    });
  }

  private async assertWindowOpen(address: string): Promise<void> {
    if (!(await this.window.isOpen(address))) {
      throw new ChannelError(
        ERR_OUTSIDE_REPLY_WINDOW,
        'The contact last wrote more than 24 hours ago: WhatsApp only lets an approved template through now',
      );
    }
  }
}
