import { readFile } from 'node:fs/promises';
import messengerApi, { type MessengerTypes } from 'messaging-api-messenger';
import { GRAPH_VERSION, graphOrigin } from './graph-api.js';

// A CommonJS package: its classes come through the default export under ESM.
const { MessengerClient } = messengerApi;
type MessengerClientInstance = InstanceType<typeof MessengerClient>;

/** The channels on the Messenger Platform. */
export type MetaChannelName = 'facebook' | 'instagram';

/** Send API attachment types; anything else goes as a file. */
export type MessengerAttachmentType = 'image' | 'video' | 'audio' | 'file';

export interface MessengerFile {
  path: string;
  fileName: string;
  mimeType: string;
  type: MessengerAttachmentType;
}

/** A person's public profile as the page may read it (Messenger: name, profile_pic; Instagram: name, username, profile_pic). */
export interface MessengerProfile {
  name?: string;
  profilePicUrl?: string;
}

/** The profile fields each channel's User Profile API answers (Instagram's username is newer than the library's type). */
const PROFILE_FIELDS: Record<MetaChannelName, MessengerTypes.UserProfileField[]> = {
  facebook: ['id', 'name', 'profile_pic'],
  instagram: ['id', 'name', 'username', 'profile_pic'] as MessengerTypes.UserProfileField[],
};

/**
 * The Messenger Send API and User Profile API of one page on messaging-api-messenger, pointed at the configured
 * Graph origin (a fake in tests). Instagram Direct answers on the same /me/messages with the page token, so both
 * channels use it. Replies are RESPONSE messages (inside the 24-hour window); with an app secret every call carries
 * appsecret_proof.
 */
export class MessengerSendClient {
  private readonly client: MessengerClientInstance;

  constructor(options: { accessToken: string; appSecret?: string; origin?: string }) {
    this.client = new MessengerClient({
      accessToken: options.accessToken,
      ...(options.appSecret ? { appSecret: options.appSecret } : {}),
      origin: options.origin ?? graphOrigin(),
      version: GRAPH_VERSION.replace(/^v/, ''),
    });
  }

  /** GET /me: the page the token belongs to. */
  async page(): Promise<{ id: string; name?: string }> {
    return (await this.client.getPageInfo({ fields: ['id', 'name'] })) as { id: string; name?: string };
  }

  async sendText(to: string, text: string): Promise<string | undefined> {
    return (await this.client.sendText(to, text, { messagingType: 'RESPONSE' })).messageId;
  }

  /** Uploads the file as multipart `filedata` with its attachment type. */
  async sendFile(to: string, file: MessengerFile): Promise<string | undefined> {
    const data = await readFile(file.path);
    // form-data's append options name the upload; the library passes them through.
    const options = { messagingType: 'RESPONSE' as const, filename: file.fileName, contentType: file.mimeType };
    const send = {
      image: () => this.client.sendImage(to, data, options),
      video: () => this.client.sendVideo(to, data, options),
      audio: () => this.client.sendAudio(to, data, options),
      file: () => this.client.sendFile(to, data, options),
    }[file.type];
    return (await send()).messageId;
  }

  /** The react / unreact sender action, newer than the library's typed actions, through its raw Send API body. */
  async react(to: string, messageId: string, emoji: string): Promise<string | undefined> {
    const body = emoji
      ? { recipient: { id: to }, senderAction: 'react', payload: { messageId, reaction: emoji } }
      : { recipient: { id: to }, senderAction: 'unreact', payload: { messageId } };
    return (await this.client.sendRawBody(body)).messageId;
  }

  async markSeen(to: string): Promise<void> {
    await this.client.markSeen(to);
  }

  async typing(to: string, on: boolean): Promise<void> {
    await (on ? this.client.typingOn(to) : this.client.typingOff(to));
  }

  async profile(userId: string, channel: MetaChannelName): Promise<MessengerProfile> {
    const user = (await this.client.getUserProfile(userId, { fields: PROFILE_FIELDS[channel] })) as {
      name?: string;
      username?: string;
      profilePic?: string;
    };
    const name = user.name || user.username;
    return { ...(name ? { name } : {}), ...(user.profilePic ? { profilePicUrl: user.profilePic } : {}) };
  }
}
