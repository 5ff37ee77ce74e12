import type { ConnectionInfo, ContactRef, InboundEvent, InboundMedia, MediaType, PluginLogger, PluginStore } from '@switchboard/sdk';
import type { MessengerProfile } from './messenger-client.js';
import { recordInbound, sentAt, takeSentUpTo } from './reply-window.js';

/** One entry of a Messenger/Instagram webhook's `entry[].messaging[]`. */
export interface MessagingEvent {
  sender?: { id?: string };
  recipient?: { id?: string };
  timestamp?: number;
  message?: {
    mid?: string;
    text?: string;
    is_echo?: boolean;
    is_deleted?: boolean;
    is_unsupported?: boolean;
    reply_to?: { mid?: string };
    quick_reply?: { payload?: string };
    attachments?: { type?: string; payload?: { url?: string; title?: string; sticker_id?: number } }[];
  };
  message_edit?: { mid?: string; text?: string };
  postback?: { mid?: string; title?: string; payload?: string };
  reaction?: { mid?: string; action?: 'react' | 'unreact'; emoji?: string; reaction?: string };
  read?: { watermark?: number; mid?: string };
  delivery?: { watermark?: number; mids?: string[] };
}

export interface WebhookPayload {
  object?: string;
  entry?: { id?: string; time?: number; messaging?: MessagingEvent[] }[];
}

export interface WebhookContext {
  connection: ConnectionInfo;
  store: PluginStore;
  log: PluginLogger;
  inbound(event: InboundEvent): Promise<void>;
  /** The person's public profile (User Profile API), to name a contact; unset: contacts go by their id. */
  profile?(address: string): Promise<MessengerProfile>;
}

const PROFILE = 'profile:';
/** A person's name and picture are read again after a day, as Meta's picture URLs expire. */
const PROFILE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The contact with the name and picture Meta shares, read at most once a day per person; a refusal (no permission,
 * an unknown id) is remembered as well, so the contact goes by its id until then.
 */
async function contactOf(address: string, ctx: WebhookContext): Promise<ContactRef> {
  if (!ctx.profile) return { address };
  const cached = await ctx.store.get(PROFILE + address);
  let profile: MessengerProfile | undefined;
  if (cached) {
    const { at, ...known } = JSON.parse(cached) as MessengerProfile & { at: number };
    if (Date.now() - at < PROFILE_TTL_MS) profile = known;
  }
  if (!profile) {
    try {
      profile = await ctx.profile(address);
    } catch (error) {
      ctx.log.warn('meta: the profile of a contact could not be read; the contact goes by its id', {
        connectionId: ctx.connection.id,
        error: error instanceof Error ? error.message : String(error),
      });
      profile = {};
    }
    await ctx.store.set(PROFILE + address, JSON.stringify({ ...profile, at: Date.now() }));
  }
  return { address, ...profile };
}

const MAX_MEDIA_BYTES = 64 * 1024 * 1024;

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/ogg': 'ogg',
  'application/pdf': 'pdf',
};

function mediaTypeOf(mimeType: string): MediaType {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('video/')) return 'video';
  if (mimeType.startsWith('audio/')) return 'audio';
  return 'application';
}

/** Downloads an attachment from Meta's CDN into an InboundMedia. */
export async function downloadMedia(url: string, fallbackName: string): Promise<InboundMedia> {
  const res = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  if (!res.ok) throw new Error(`download ${res.status}`);
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > MAX_MEDIA_BYTES) throw new Error(`attachment of ${declared} bytes is too large`);
  const data = Buffer.from(await res.arrayBuffer());
  if (data.length > MAX_MEDIA_BYTES) throw new Error(`attachment of ${data.length} bytes is too large`);
  const mimeType = (res.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]!.trim().toLowerCase();
  let fileName = '';
  try {
    fileName = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  } catch {
    fileName = '';
  }
  if (!/^[^/\\]+\.[A-Za-z0-9]{1,8}$/.test(fileName)) fileName = `${fallbackName}.${EXTENSIONS[mimeType] ?? 'bin'}`;
  return { data, fileName, mimeType };
}

/**
 * Turns one verified webhook payload into InboundEvents, in order: messages (text, attachments, postbacks, echoes of
 * what the page sent elsewhere), edits, deletions, reactions, deliveries (ack 2) and reads (ack 3). Records the last
 * inbound time of each contact for the 24-hour reply window.
 */
export async function handleWebhookPayload(payload: WebhookPayload, ctx: WebhookContext): Promise<void> {
  for (const entry of payload.entry ?? []) {
    for (const event of entry.messaging ?? []) {
      try {
        await handleMessagingEvent(event, ctx);
      } catch (error) {
        ctx.log.error(`${String(payload.object)}: a webhook event could not be handled`, {
          connectionId: ctx.connection.id,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
  }
}

async function handleMessagingEvent(event: MessagingEvent, ctx: WebhookContext): Promise<void> {
  const senderId = event.sender?.id;
  const recipientId = event.recipient?.id;
  if (!senderId || !recipientId) return;
  const timestamp = typeof event.timestamp === 'number' ? new Date(event.timestamp) : new Date();
  const echo = event.message?.is_echo === true;
  // An echo is what the page sent (from another tool, or this one): the conversation is the recipient's.
  const address = echo ? recipientId : senderId;
  let contact: ContactRef = { address };

  if (event.message) {
    const message = event.message;
    if (!message.mid) return;
    if (message.is_deleted) {
      await ctx.inbound({ type: 'delete', externalId: message.mid });
      return;
    }
    if (!echo) await recordInbound(ctx.store, contact.address, timestamp.getTime());
    contact = await contactOf(address, ctx);
    const base = {
      type: 'message' as const,
      chat: contact,
      fromMe: echo,
      timestamp,
      ...(message.reply_to?.mid ? { quotedExternalId: message.reply_to.mid } : {}),
    };
    const attachments = message.attachments ?? [];
    if (attachments.length === 0) {
      await ctx.inbound({
        ...base,
        externalId: message.mid,
        body: message.text ?? (message.is_unsupported ? '[unsupported message]' : ''),
        mediaType: 'chat',
      });
      return;
    }
    for (const [index, attachment] of attachments.entries()) {
      const externalId = index === 0 ? message.mid : `${message.mid}:${index}`;
      const body = index === 0 ? (message.text ?? '') : '';
      const url = attachment.payload?.url;
      if (!url) {
        const title = attachment.payload?.title;
        await ctx.inbound({ ...base, externalId, body: [body, title].filter(Boolean).join('\n'), mediaType: 'others' });
        continue;
      }
      try {
        const media = await downloadMedia(url, `${attachment.type ?? 'file'}-${index}`);
        await ctx.inbound({ ...base, externalId, body, media, mediaType: mediaTypeOf(media.mimeType) });
      } catch (error) {
        ctx.log.warn('meta: an attachment could not be downloaded; the message keeps its link', {
          connectionId: ctx.connection.id,
          mid: message.mid,
          error: error instanceof Error ? error.message : String(error),
        });
        await ctx.inbound({ ...base, externalId, body: [body, url].filter(Boolean).join('\n'), mediaType: 'others' });
      }
    }
    return;
  }

  if (event.postback) {
    await recordInbound(ctx.store, contact.address, timestamp.getTime());
    contact = await contactOf(address, ctx);
    const externalId = event.postback.mid ?? `postback:${senderId}:${timestamp.getTime()}`;
    await ctx.inbound({
      type: 'message',
      externalId,
      chat: contact,
      fromMe: false,
      timestamp,
      body: event.postback.title ?? event.postback.payload ?? '',
      mediaType: 'chat',
    });
    return;
  }

  if (event.message_edit?.mid && typeof event.message_edit.text === 'string') {
    await ctx.inbound({ type: 'edit', externalId: event.message_edit.mid, body: event.message_edit.text });
    return;
  }

  if (event.reaction?.mid) {
    const emoji = event.reaction.action === 'unreact' ? '' : (event.reaction.emoji ?? event.reaction.reaction ?? '');
    await ctx.inbound({
      type: 'reaction',
      externalId: `reaction:${event.reaction.mid}:${senderId}`,
      targetExternalId: event.reaction.mid,
      emoji,
      chat: contact,
      fromMe: false,
    });
    return;
  }

  if (event.delivery) {
    const mids = new Set(event.delivery.mids ?? []);
    if (typeof event.delivery.watermark === 'number') {
      for (const mid of await takeSentUpTo(ctx.store, contact.address, event.delivery.watermark, 2)) mids.add(mid);
    }
    for (const mid of mids) await ctx.inbound({ type: 'ack', externalId: mid, ack: 2 });
    return;
  }

  if (event.read) {
    const mids = new Set<string>();
    // Messenger names a watermark; Instagram names the last message read, and everything before it is read too.
    let watermark = event.read.watermark;
    if (event.read.mid) {
      mids.add(event.read.mid);
      watermark = Math.max(watermark ?? 0, (await sentAt(ctx.store, contact.address, event.read.mid)) ?? 0);
    }
    if (typeof watermark === 'number' && watermark > 0) {
      for (const mid of await takeSentUpTo(ctx.store, contact.address, watermark, 3)) mids.add(mid);
    }
    for (const mid of mids) await ctx.inbound({ type: 'ack', externalId: mid, ack: 3 });
  }
}
