import type { ContactRef, InboundEvent, InboundMedia, InboundMessage, MediaType, PluginLogger } from '@switchboard/sdk';
import { getContentType, normalizeMessageContent, proto, toNumber, type WAMessage } from '@whiskeysockets/baileys';
import { isGroupJid, jidToAddress, personJid, type LidResolver } from './whatsapp-address.js';

/** Fetches the bytes of a media message (Baileys' downloadMediaMessage in production). */
export type MediaDownloader = (message: WAMessage) => Promise<Buffer>;

export interface InboundMessageMapperOptions {
  download: MediaDownloader;
  resolveLid?: LidResolver;
  /** The subject of a group, when known. */
  groupSubject?: (jid: string) => Promise<string | undefined>;
  log: PluginLogger;
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'application/pdf': 'pdf',
};

function extensionOf(mimeType: string): string {
  const base = mimeType.split(';')[0]!.trim();
  return EXTENSIONS[base] ?? base.split('/')[1] ?? 'bin';
}

interface MediaPart {
  mediaType: MediaType;
  mimeType: string;
  fileName?: string | null;
  caption?: string | null;
}

function mediaPart(content: proto.IMessage): MediaPart | undefined {
  if (content.imageMessage) {
    const m = content.imageMessage;
    return { mediaType: 'image', mimeType: m.mimetype ?? 'image/jpeg', caption: m.caption };
  }
  if (content.videoMessage) {
    const m = content.videoMessage;
    return { mediaType: 'video', mimeType: m.mimetype ?? 'video/mp4', caption: m.caption };
  }
  if (content.audioMessage) return { mediaType: 'audio', mimeType: content.audioMessage.mimetype ?? 'audio/ogg' };
  if (content.documentMessage) {
    const m = content.documentMessage;
    return { mediaType: 'application', mimeType: m.mimetype ?? 'application/octet-stream', fileName: m.fileName, caption: m.caption };
  }
  if (content.stickerMessage) return { mediaType: 'image', mimeType: content.stickerMessage.mimetype ?? 'image/webp' };
  return undefined;
}

/** The contextInfo of whatever the message holds (quotes, forwards). */
function contextInfoOf(content: proto.IMessage): proto.IContextInfo | undefined {
  const type = getContentType(content);
  const inner = type ? (content[type] as { contextInfo?: proto.IContextInfo | null } | null | undefined) : undefined;
  return inner && typeof inner === 'object' ? (inner.contextInfo ?? undefined) : undefined;
}

function textOf(content: proto.IMessage): string | undefined {
  return content.conversation ?? content.extendedTextMessage?.text ?? undefined;
}

/** Turns Baileys messages (messages.upsert) into core's inbound events. */
export class InboundMessageMapper {
  constructor(private readonly options: InboundMessageMapperOptions) {}

  /** The conversation a message belongs to and, in a group, who wrote it. */
  async addressing(message: WAMessage): Promise<{ chat: ContactRef; participant?: ContactRef }> {
    const key = message.key;
    const remoteJid = key.remoteJid ?? '';
    const pushName = message.pushName ?? undefined;
    if (isGroupJid(remoteJid)) {
      const name = await this.options.groupSubject?.(remoteJid).catch(() => undefined);
      const chat: ContactRef = { address: remoteJid, isGroup: true, ...(name ? { name } : {}) };
      const author = key.participant ?? message.participant;
      if (!author) return { chat };
      const jid = await personJid(author, key.participantAlt, this.options.resolveLid);
      const participant: ContactRef = { address: jidToAddress(jid), ...(pushName && !key.fromMe ? { name: pushName } : {}) };
      return { chat, participant };
    }
    const jid = await personJid(remoteJid, key.remoteJidAlt, this.options.resolveLid);
    return { chat: { address: jidToAddress(jid), ...(pushName && !key.fromMe ? { name: pushName } : {}) } };
  }

  /** The event a message makes, or undefined when it carries nothing core keeps (receipts, key shares...). */
  async map(message: WAMessage): Promise<InboundEvent | undefined> {
    const id = message.key.id;
    const remoteJid = message.key.remoteJid;
    if (!id || !remoteJid || remoteJid === 'status@broadcast') return undefined;
    const content = normalizeMessageContent(message.message);
    if (!content) return undefined;
    const fromMe = !!message.key.fromMe;

    const protocol = content.protocolMessage;
    if (protocol) {
      const target = protocol.key?.id;
      if (!target) return undefined;
      if (protocol.type === proto.Message.ProtocolMessage.Type.REVOKE) return { type: 'delete', externalId: target };
      if (protocol.type === proto.Message.ProtocolMessage.Type.MESSAGE_EDIT) {
        const edited = normalizeMessageContent(protocol.editedMessage);
        const body = edited ? (textOf(edited) ?? mediaPart(edited)?.caption ?? undefined) : undefined;
        return body === undefined ? undefined : { type: 'edit', externalId: target, body };
      }
      return undefined;
    }

    if (content.reactionMessage) {
      const target = content.reactionMessage.key?.id;
      if (!target) return undefined;
      const { chat } = await this.addressing(message);
      return { type: 'reaction', externalId: id, targetExternalId: target, emoji: content.reactionMessage.text ?? '', chat, fromMe };
    }

    const base = await this.base(message, content, id, fromMe);
    const text = textOf(content);
    if (text !== undefined) return { ...base, mediaType: 'chat', body: text };

    const media = mediaPart(content);
    if (media) return this.withMedia(message, base, media);

    if (content.locationMessage || content.liveLocationMessage) {
      const location = content.locationMessage ?? content.liveLocationMessage!;
      const place = content.locationMessage ? [content.locationMessage.name, content.locationMessage.address] : [];
      const where = `${location.degreesLatitude ?? 0},${location.degreesLongitude ?? 0}`;
      const body = [...place.filter((part): part is string => !!part), where].join('\n');
      return { ...base, mediaType: 'locationMessage', body };
    }
    if (content.contactMessage) {
      const card = content.contactMessage;
      return { ...base, mediaType: 'contactMessage', body: card.displayName ?? '', vCard: card.vcard ?? undefined };
    }
    if (content.contactsArrayMessage?.contacts?.length) {
      const cards = content.contactsArrayMessage.contacts;
      const vCard = cards.map((card) => card.vcard ?? '').join('\n');
      return { ...base, mediaType: 'contactMessage', body: content.contactsArrayMessage.displayName ?? cards[0]!.displayName ?? '', vCard };
    }
    return undefined;
  }

  private async base(message: WAMessage, content: proto.IMessage, id: string, fromMe: boolean): Promise<InboundMessage> {
    const { chat, participant } = await this.addressing(message);
    const context = contextInfoOf(content);
    const seconds = message.messageTimestamp ? toNumber(message.messageTimestamp) : 0;
    return {
      type: 'message',
      externalId: id,
      chat,
      ...(participant ? { participant } : {}),
      fromMe,
      ...(seconds > 0 ? { timestamp: new Date(seconds * 1000) } : {}),
      ...(context?.stanzaId ? { quotedExternalId: context.stanzaId } : {}),
      ...(context?.isForwarded ? { isForwarded: true } : {}),
    };
  }

  private async withMedia(message: WAMessage, base: InboundMessage, part: MediaPart): Promise<InboundMessage> {
    const body = part.caption ?? undefined;
    let media: InboundMedia | undefined;
    try {
      const data = await this.options.download(message);
      const fileName = part.fileName || `${base.externalId}.${extensionOf(part.mimeType)}`;
      media = { data, fileName, mimeType: part.mimeType };
    } catch (error) {
      this.options.log.warn('whatsapp: media download failed', { externalId: base.externalId, error: String(error) });
    }
    return { ...base, mediaType: part.mediaType, ...(body !== undefined ? { body } : {}), ...(media ? { media } : {}) };
  }
}
