import { ChannelError, type ChannelSession, type ChannelSessionContext, type ContactRef, type OutboundMessage } from '@switchboard/sdk';
import { MessengerSendClient, type MessengerAttachmentType, type MetaChannelName } from './messenger-client.js';
import { metaSettings } from './meta-settings.js';
import { insideReplyWindow, recordSent } from './reply-window.js';

/** Thrown by send/react when the contact's last message is older than the 24-hour reply window. */
export const ERR_OUTSIDE_REPLY_WINDOW = 'ERR_OUTSIDE_REPLY_WINDOW';

function attachmentType(mediaType: string): MessengerAttachmentType {
  return mediaType === 'image' || mediaType === 'video' || mediaType === 'audio' ? mediaType : 'file';
}

/** The Send API client of a connection's page token (and app secret, for appsecret_proof). */
export function messengerClientOf(connection: ChannelSessionContext['connection']): MessengerSendClient {
  const settings = metaSettings(connection);
  return new MessengerSendClient({ accessToken: settings.pageAccessToken, appSecret: settings.appSecret || undefined });
}

/**
 * One Facebook page (or the Instagram account linked to it) on the Graph API. Inbound arrives through the plugin's
 * webhook route, so the session only checks the page token on start and talks to the Send and User Profile APIs.
 */
export class MetaSession implements ChannelSession {
  private running = false;

  constructor(
    private readonly ctx: ChannelSessionContext,
    private readonly channel: MetaChannelName,
  ) {}

  private client(): MessengerSendClient {
    return messengerClientOf(this.ctx.connection);
  }

  async start(): Promise<void> {
    const settings = metaSettings(this.ctx.connection);
    const connectionId = this.ctx.connection.id;
    if (!settings.pageAccessToken) {
      this.ctx.log.error(`${this.channel}: the connection has no page access token; set one in its settings`, { connectionId });
      await this.ctx.setStatus('DISCONNECTED');
      return;
    }
    try {
      const me = await this.client().page();
      if (settings.pageId && me.id && me.id !== settings.pageId) {
        this.ctx.log.warn(
          `${this.channel}: the page access token belongs to page ${me.id}, not to the configured page ${settings.pageId}`,
          { connectionId },
        );
      }
      this.running = true;
      this.ctx.log.info(`${this.channel}: connected to page ${me.name ?? me.id}`, { connectionId, pageId: me.id });
      await this.ctx.setStatus('CONNECTED');
    } catch (error) {
      this.running = false;
      this.ctx.log.error(`${this.channel}: the Graph API refused the page access token or could not be reached`, {
        connectionId,
        error: error instanceof Error ? error.message : String(error),
      });
      await this.ctx.setStatus('DISCONNECTED');
    }
  }

  async stop(_options: { logout: boolean }): Promise<void> {
    if (!this.running) return;
    this.running = false;
    await this.ctx.setStatus('DISCONNECTED');
  }

  async send(message: OutboundMessage): Promise<{ externalId: string }> {
    const to = message.to.address;
    await this.assertReplyWindow(to);
    const client = this.client();
    let externalId: string | undefined;
    const body = message.body?.trim() ? message.body : undefined;
    // A Messenger attachment has no caption: the text goes first, as its own message.
    if (body) externalId = await this.sent(to, await client.sendText(to, body));
    if (message.media) {
      const mid = await client.sendFile(to, {
        path: message.media.path,
        fileName: message.media.fileName,
        mimeType: message.media.mimeType,
        type: attachmentType(message.media.mediaType),
      });
      externalId = await this.sent(to, mid);
    }
    if (!externalId) throw new Error('ERR_EMPTY_MESSAGE: nothing to send');
    return { externalId };
  }

  async react(externalId: string, emoji: string, to: ContactRef): Promise<{ externalId: string }> {
    await this.assertReplyWindow(to.address);
    const mid = await this.client().react(to.address, externalId, emoji);
    const pageId = metaSettings(this.ctx.connection).pageId || 'page';
    return { externalId: mid ?? `reaction:${externalId}:${pageId}` };
  }

  async markRead(_externalIds: string[], to: ContactRef): Promise<void> {
    if (!(await insideReplyWindow(this.ctx.store, to.address))) return;
    await this.client().markSeen(to.address);
  }

  async sendPresence(to: ContactRef, presence: 'composing' | 'recording' | 'paused'): Promise<void> {
    if (!(await insideReplyWindow(this.ctx.store, to.address))) return;
    await this.client().typing(to.address, presence !== 'paused');
  }

  /** The person's profile picture from the User Profile API; undefined when Meta does not share it. */
  async profilePicture(address: string): Promise<string | undefined> {
    try {
      return (await this.client().profile(address, this.channel)).profilePicUrl;
    } catch (error) {
      this.ctx.log.warn(`${this.channel}: the profile of a contact could not be read`, {
        connectionId: this.ctx.connection.id,
        error: error instanceof Error ? error.message : String(error),
      });
      return undefined;
    }
  }

  private async assertReplyWindow(address: string): Promise<void> {
    if (!(await insideReplyWindow(this.ctx.store, address))) {
      // Refused for good (not retried) with its reason on the message: only the contact can reopen the window.
      throw new ChannelError(
        ERR_OUTSIDE_REPLY_WINDOW,
        'The contact last wrote more than 24 hours ago: the page may not message them until they write again',
      );
    }
  }

  private async sent(address: string, mid: string | undefined): Promise<string> {
    if (!mid) throw new Error('ERR_SENDING_MESSAGE: the Graph API answered without a message_id');
    await recordSent(this.ctx.store, address, mid, Date.now());
    return mid;
  }
}
