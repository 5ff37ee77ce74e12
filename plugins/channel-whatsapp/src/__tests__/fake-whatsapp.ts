import { EventEmitter } from 'node:events';
import { basename } from 'node:path';
import { ContainerModule, type Ack, type ContactRef, type InboundMedia } from '@switchboard/sdk';
import type { FakePeer, OutboundSeen, PresenceSeen } from '@switchboard/sdk/testing';
import {
  proto,
  type AnyMessageContent,
  type BaileysEventMap,
  type MiscMessageGenerationOptions,
  type WAMessage,
  type WAMessageKey,
  type WAPresence,
} from '@whiskeysockets/baileys';
import type { MediaDownloader } from '../inbound-message.js';
import { WhatsappSessionOptions } from '../whatsapp-session.js';
import type { SocketFactory, SocketFactoryOptions, WhatsappSocket } from '../whatsapp-socket.js';

/** A Baileys-like event emitter with a typed emit. */
export class FakeEvents extends EventEmitter {
  fire<T extends keyof BaileysEventMap>(event: T, arg: BaileysEventMap[T]): void {
    this.emit(event, arg);
  }
}

export interface SentMessage {
  jid: string;
  content: AnyMessageContent;
  options?: MiscMessageGenerationOptions;
  id: string;
}

export const closeError = (statusCode: number): Error => Object.assign(new Error(`closed ${statusCode}`), { output: { statusCode } });

/** A Baileys socket double: records what the session asks of it; the test drives its `ev`. */
export class FakeSocket implements WhatsappSocket {
  readonly ev = new FakeEvents();
  user: { id: string; name?: string } | undefined = { id: '5511988887777:12@s.whatsapp.net', name: 'Switchboard' };
  readonly sent: SentMessage[] = [];
  readonly presences: { type: WAPresence; jid?: string }[] = [];
  readonly read: WAMessageKey[] = [];
  ended = false;
  loggedOut = false;
  readonly lids = new Map<string, string>();
  readonly signalRepository = { lidMapping: { getPNForLID: async (lid: string) => this.lids.get(lid) ?? null } };
  groups = new Map<string, string>();
  private counter = 0;

  constructor(
    readonly options: SocketFactoryOptions,
    private readonly onSend?: (message: SentMessage) => void,
  ) {}

  async sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage> {
    const id = `3EB0OUT${++this.counter}${Math.random().toString(16).slice(2, 8).toUpperCase()}`;
    const message = { jid, content, options, id };
    this.sent.push(message);
    this.onSend?.(message);
    // What Baileys answers: the key and the proto message it built from the content.
    const text = (content as { text?: string }).text;
    return { key: { remoteJid: jid, id, fromMe: true }, message: text === undefined ? {} : { extendedTextMessage: { text } } };
  }
  async readMessages(keys: WAMessageKey[]): Promise<void> {
    this.read.push(...keys);
  }
  async sendPresenceUpdate(type: WAPresence, jid?: string): Promise<void> {
    this.presences.push({ type, jid });
  }
  async onWhatsApp(...numbers: string[]): Promise<{ jid: string; exists: boolean }[]> {
    return numbers.map((n) => ({ jid: `${n}@s.whatsapp.net`, exists: !n.endsWith('0000') }));
  }
  async profilePictureUrl(jid: string): Promise<string | undefined> {
    return `https://pps.example/${jid}.jpg`;
  }
  async groupMetadata(jid: string): Promise<{ subject: string }> {
    const subject = this.groups.get(jid);
    if (!subject) throw new Error('item-not-found');
    return { subject };
  }
  async requestPairingCode(): Promise<string> {
    return 'ABCD-EFGH';
  }
  readonly rejectedCalls: { callId: string; callFrom: string }[] = [];
  async rejectCall(callId: string, callFrom: string): Promise<void> {
    this.rejectedCalls.push({ callId, callFrom });
  }
  async updateMediaMessage(message: WAMessage): Promise<WAMessage> {
    return message;
  }
  async logout(): Promise<void> {
    this.loggedOut = true;
    this.close(401);
  }
  end(): void {
    this.close(428);
  }
  close(statusCode: number): void {
    if (this.ended) return;
    this.ended = true;
    this.ev.fire('connection.update', { connection: 'close', lastDisconnect: { error: closeError(statusCode), date: new Date() } });
  }
  open(): void {
    this.ev.fire('connection.update', { connection: 'open' });
  }
}

let sequence = 0;
export const messageId = (): string =>
  `3A${(++sequence).toString(16).toUpperCase().padStart(6, '0')}${Date.now().toString(16).toUpperCase()}`;

/** A WAMessage built with Baileys' own proto types, as a socket hands it over in messages.upsert. */
export function waMessage(fields: Record<string, unknown>, extraKey: Partial<WAMessageKey> = {}): WAMessage {
  const built = proto.WebMessageInfo.fromObject({ messageTimestamp: Math.floor(Date.now() / 1000), ...fields }) as WAMessage;
  // remoteJidAlt / participantAlt are Baileys-side key fields, not proto ones.
  built.key = { ...built.key, ...extraKey } as WAMessageKey;
  return built;
}

/**
 * The WhatsApp side played in memory: a socket factory whose sockets open by themselves (after a QR when asked),
 * a media store behind a MediaDownloader, and the FakePeer the conformance suite drives.
 */
export class FakeWhatsapp implements FakePeer {
  readonly sockets: FakeSocket[] = [];
  private readonly media = new Map<string, Buffer>();
  private readonly seen: OutboundSeen[] = [];
  /** Emit a QR before opening. */
  qrFirst = false;
  /** Open sockets by themselves. */
  autoOpen = true;

  readonly factory: SocketFactory = (options) => {
    const socket = new FakeSocket(options, (sent) => this.record(sent));
    this.sockets.push(socket);
    setTimeout(() => {
      if (socket.ended) return;
      if (this.qrFirst) socket.ev.fire('connection.update', { qr: `QR-${this.sockets.length}` });
      if (this.autoOpen) socket.open();
    }, 5);
    return socket;
  };

  readonly download: MediaDownloader = async (message) => {
    const data = this.media.get(message.key.id ?? '');
    if (!data) throw new Error('no media');
    return data;
  };

  get socket(): FakeSocket {
    const socket = this.sockets[this.sockets.length - 1];
    if (!socket) throw new Error('no socket yet');
    return socket;
  }

  upsert(message: WAMessage, type: 'notify' | 'append' = 'notify'): void {
    this.socket.ev.fire('messages.upsert', { messages: [message], type });
  }

  /** A history chunk, as Baileys emits it after a pairing that asked for the history (newest message first). */
  history(messages: WAMessage[], chunk: Partial<BaileysEventMap['messaging-history.set']> = {}): void {
    const syncType = proto.HistorySync.HistorySyncType.RECENT;
    this.socket.ev.fire('messaging-history.set', { chats: [], contacts: [], messages, syncType, progress: 50, ...chunk });
  }

  async deliverText(from: ContactRef, body: string): Promise<void> {
    this.upsert(
      waMessage({
        key: { remoteJid: `${from.address}@s.whatsapp.net`, id: messageId(), fromMe: false },
        pushName: from.name,
        message: { conversation: body },
      }),
    );
  }

  async deliverMedia(from: ContactRef, media: InboundMedia, caption?: string): Promise<void> {
    const id = messageId();
    this.media.set(id, media.data);
    this.upsert(
      waMessage({
        key: { remoteJid: `${from.address}@s.whatsapp.net`, id, fromMe: false },
        message: { imageMessage: { mimetype: media.mimeType, caption, fileLength: media.data.length } },
      }),
    );
  }

  received(): OutboundSeen[] {
    return this.seen;
  }

  presences(): PresenceSeen[] {
    return this.sockets.flatMap((s) =>
      s.presences.map((p) => ({ to: (p.jid ?? '').split('@')[0]!, presence: p.type as PresenceSeen['presence'] })),
    );
  }

  async crash(): Promise<void> {
    this.socket.close(428);
  }

  async acknowledge(externalId: string, ack: Ack = 3): Promise<void> {
    this.socket.ev.fire('messages.update', [{ key: { id: externalId, fromMe: true }, update: { status: ack + 1 } }]);
  }

  private record({ jid, content, id }: SentMessage): void {
    const c = content as { text?: string; caption?: string; image?: { url: string }; document?: { url: string }; mimetype?: string };
    const file = c.image ?? c.document;
    this.seen.push({
      externalId: id,
      to: jid.split('@')[0]!,
      body: c.text ?? c.caption,
      ...(file ? { media: { fileName: basename(String(file.url)), mimeType: c.mimetype ?? '' } } : {}),
    });
  }
}

/** For a server under test: the WhatsApp plugin's sessions run on this fake (extra options may add a downloader...). */
export function fakeWhatsappModule(whatsapp: FakeWhatsapp, options: WhatsappSessionOptions = {}): ContainerModule {
  const bound: WhatsappSessionOptions = { socketFactory: whatsapp.factory, download: whatsapp.download, ...options };
  return new ContainerModule((bind, _unbind, isBound, rebind) => {
    if (isBound(WhatsappSessionOptions)) rebind(WhatsappSessionOptions).toConstantValue(bound);
    else bind(WhatsappSessionOptions).toConstantValue(bound);
  });
}
