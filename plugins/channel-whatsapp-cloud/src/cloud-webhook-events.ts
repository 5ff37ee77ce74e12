import type { Ack, ContactRef, InboundEvent, InboundMessage, MediaType, PluginLogger } from '@switchboard/sdk';
import type { CloudApiClient } from './cloud-api.js';
import type { CustomerServiceWindow } from './customer-service-window.js';

interface CloudMedia {
  id?: string;
  mime_type?: string;
  caption?: string;
  filename?: string;
}

/** One message a contact sent, as `entry[].changes[].value.messages[]` carries it. */
export interface CloudMessage {
  from?: string;
  id?: string;
  timestamp?: string;
  type?: string;
  context?: { id?: string; from?: string };
  text?: { body?: string };
  image?: CloudMedia;
  audio?: CloudMedia;
  video?: CloudMedia;
  document?: CloudMedia;
  sticker?: CloudMedia;
  location?: { latitude?: number; longitude?: number; name?: string; address?: string };
  contacts?: { name?: { formatted_name?: string }; phones?: { phone?: string; wa_id?: string }[] }[];
  reaction?: { message_id?: string; emoji?: string };
  interactive?: { button_reply?: { title?: string }; list_reply?: { title?: string } };
  button?: { text?: string };
}

/** The fate of a message the business sent: `value.statuses[]`. */
export interface CloudStatus {
  id?: string;
  status?: 'sent' | 'delivered' | 'read' | 'failed' | string;
  recipient_id?: string;
  errors?: { code?: number; title?: string; message?: string; error_data?: { details?: string } }[];
}

/** What a `messages` change of the webhook carries. */
export interface CloudChangeValue {
  messaging_product?: string;
  metadata?: { display_phone_number?: string; phone_number_id?: string };
  contacts?: { profile?: { name?: string }; wa_id?: string }[];
  messages?: CloudMessage[];
  statuses?: CloudStatus[];
}

export interface CloudWebhookPayload {
  object?: string;
  entry?: { id?: string; changes?: { field?: string; value?: CloudChangeValue }[] }[];
}

export interface CloudEventsContext {
  api: CloudApiClient;
  window: CustomerServiceWindow;
  log: PluginLogger;
  inbound(event: InboundEvent): Promise<void>;
}

const ACKS: Record<string, Ack> = { sent: 1, delivered: 2, read: 3 };
const MEDIA_KINDS = ['image', 'audio', 'video', 'document', 'sticker'] as const;
type MediaKind = (typeof MEDIA_KINDS)[number];

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'application/pdf': 'pdf',
};

function mediaTypeOf(kind: MediaKind): MediaType {
  if (kind === 'document') return 'application';
  return kind === 'sticker' ? 'image' : kind;
}

/** A vCard 3.0 of the shared contacts, as agents' screens read vCards. */
function vCardOf(contacts: NonNullable<CloudMessage['contacts']>): string {
  return contacts
    .map((card) => {
      const name = card.name?.formatted_name ?? '';
      const phones = (card.phones ?? []).map((phone) =>
        phone.wa_id ? `TEL;type=CELL;waid=${phone.wa_id}:${phone.phone ?? phone.wa_id}` : `TEL;type=CELL:${phone.phone ?? ''}`,
      );
      return ['BEGIN:VCARD', 'VERSION:3.0', `FN:${name}`, ...phones, 'END:VCARD'].join('\n');
    })
    .join('\n');
}

/**
 * Hands the events of one verified `messages` change to core, in order: what contacts sent (opening the
 * customer-service window) and the statuses of what the business sent.
 */
export async function handleCloudChange(value: CloudChangeValue, ctx: CloudEventsContext): Promise<void> {
  const names = new Map((value.contacts ?? []).map((contact) => [contact.wa_id, contact.profile?.name]));
  for (const message of value.messages ?? []) {
    if (!message.id || !message.from) continue;
    try {
      const name = names.get(message.from);
      await handleMessage(message, { address: message.from, ...(name ? { name } : {}) }, ctx);
    } catch (error) {
      ctx.log.error('whatsappapi: a message of the webhook could not be handled', { wamid: message.id, error: String(error) });
    }
  }
  for (const status of value.statuses ?? []) {
    if (!status.id) continue;
    if (status.status === 'failed') {
      const reason = status.errors?.[0];
      const failure = [reason?.code, reason?.error_data?.details ?? reason?.message ?? reason?.title].filter(Boolean).join(': ');
      await ctx.inbound({ type: 'ack', externalId: status.id, ack: 0, failure: failure || 'failed' });
    } else if (status.status && ACKS[status.status] !== undefined) {
      await ctx.inbound({ type: 'ack', externalId: status.id, ack: ACKS[status.status]! });
    }
  }
}

async function handleMessage(message: CloudMessage, chat: ContactRef, ctx: CloudEventsContext): Promise<void> {
  const timestamp = message.timestamp ? new Date(Number(message.timestamp) * 1000) : new Date();
  await ctx.window.customerWrote(chat.address, timestamp.getTime());
  if (message.type === 'reaction' && message.reaction?.message_id) {
    await ctx.inbound({
      type: 'reaction',
      externalId: message.id!,
      targetExternalId: message.reaction.message_id,
      // An empty emoji is WhatsApp's way of taking a reaction back.
      emoji: message.reaction.emoji ?? '',
      chat,
      fromMe: false,
    });
    return;
  }
  const base: InboundMessage = {
    type: 'message',
    externalId: message.id!,
    chat,
    fromMe: false,
    timestamp,
    ...(message.context?.id ? { quotedExternalId: message.context.id } : {}),
  };
  const kind = MEDIA_KINDS.find((candidate) => message.type === candidate);
  if (kind) {
    await ctx.inbound(await withMedia(base, kind, message[kind] ?? {}, ctx));
    return;
  }
  await ctx.inbound({ ...base, ...contentOf(message) });
}

/** The text-like kinds: text, location, shared contacts, button and list answers. */
function contentOf(message: CloudMessage): Pick<InboundMessage, 'body' | 'mediaType' | 'vCard'> {
  switch (message.type) {
    case 'text':
      return { body: message.text?.body ?? '', mediaType: 'chat' };
    case 'location': {
      const { latitude, longitude, name, address } = message.location ?? {};
      const place = [name, address].filter((part): part is string => !!part);
      return { body: [...place, `${latitude ?? 0},${longitude ?? 0}`].join('\n'), mediaType: 'locationMessage' };
    }
    case 'contacts': {
      const cards = message.contacts ?? [];
      return { body: cards[0]?.name?.formatted_name ?? '', mediaType: 'contactMessage', vCard: vCardOf(cards) };
    }
    case 'interactive':
      return { body: message.interactive?.button_reply?.title ?? message.interactive?.list_reply?.title ?? '', mediaType: 'chat' };
    case 'button':
      return { body: message.button?.text ?? '', mediaType: 'chat' };
    default:
      return { body: `[${message.type ?? 'unknown'}]`, mediaType: 'others' };
  }
}

/** The media fetched through its Graph media URL; when that fails the message still arrives, saying so. */
async function withMedia(base: InboundMessage, kind: MediaKind, media: CloudMedia, ctx: CloudEventsContext): Promise<InboundMessage> {
  const body = media.caption ?? '';
  if (!media.id) return { ...base, body, mediaType: 'others' };
  try {
    const file = await ctx.api.downloadMedia(media.id);
    const mimeType = media.mime_type?.split(';')[0]?.trim() || file.mimeType || 'application/octet-stream';
    const fileName = media.filename || `${kind}-${media.id}.${EXTENSIONS[mimeType] ?? 'bin'}`;
    return { ...base, body, mediaType: mediaTypeOf(kind), media: { data: file.data, fileName, mimeType } };
  } catch (error) {
    ctx.log.warn('whatsappapi: a media file could not be downloaded', { wamid: base.externalId, error: String(error) });
    return { ...base, body: body || `[${kind}]`, mediaType: 'others' };
  }
}
