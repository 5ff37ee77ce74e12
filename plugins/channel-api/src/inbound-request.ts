import { randomUUID } from 'node:crypto';
import {
  downloadMedia,
  MediaDownloadError,
  type Ack,
  type ContactRef,
  type InboundMedia,
  type InboundMessage,
  type MediaHosts,
  type MediaType,
} from '@switchboard/sdk';

/** The largest file a message may carry (decoded), as the other channels' media. */
export const MAX_MEDIA_BYTES = 16 * 1024 * 1024;
/** The largest request body: a file at the limit in base64, plus the message. */
export const MAX_REQUEST_BYTES = Math.ceil((MAX_MEDIA_BYTES * 4) / 3) + 64 * 1024;
const MAX_BODY_LENGTH = 65_536;
const MAX_ID_LENGTH = 200;
const MEDIA_DOWNLOAD_TIMEOUT_MS = 30_000;

/** A refusal of an inbound request: answered as `{ error: code, message, fields? }` with `status`. */
export class InboundRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'InboundRequestError';
  }
}

function invalid(field: string, message: string): InboundRequestError {
  return new InboundRequestError(400, 'ERR_VALIDATION', message, { [field]: message });
}

function tooLarge(bytes: number): InboundRequestError {
  return new InboundRequestError(
    413,
    'ERR_MEDIA_TOO_LARGE',
    `The file has ${bytes} bytes; at most ${MAX_MEDIA_BYTES} (16 MB) are accepted`,
  );
}

/** The request body as JSON, or the refusal. */
export function parseJsonObject(raw: Buffer): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new InboundRequestError(400, 'ERR_INVALID_JSON', 'The body must be a JSON object');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new InboundRequestError(400, 'ERR_INVALID_JSON', 'The body must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}

function optionalText(input: Record<string, unknown>, field: string, maxLength: number): string | undefined {
  const value = input[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalid(field, `${field} must be a string`);
  if (value.length > maxLength) throw invalid(field, `${field} may have at most ${maxLength} characters`);
  return value;
}

/** The contact's address: a phone number in digits, or any id of the bridged system (letters, digits, . _ : @ -). */
function contactNumber(input: Record<string, unknown>): string {
  const raw = input.number;
  const text = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : typeof raw === 'string' ? raw.trim() : undefined;
  if (!text) throw invalid('number', 'number is required');
  // "+55 11 99999-0000" and "5511999990000" are one contact.
  const number = /^\+?[\d\s().-]+$/.test(text) ? text.replace(/\D/g, '') : text;
  if (!/^[A-Za-z0-9][A-Za-z0-9._:@-]{0,99}$/.test(number)) {
    throw invalid('number', 'number must be digits (country code first) or an id of letters, digits and . _ : @ -');
  }
  return number;
}

function mediaTypeOf(mimeType: string): MediaType {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('video/')) return 'video';
  if (mimeType.startsWith('audio/')) return 'audio';
  return 'application';
}

/** Fetches a file the integrator serves (only from public addresses unless the channel allows any). */
async function download(url: URL, hosts: MediaHosts): Promise<Buffer> {
  try {
    return (await downloadMedia(url, { hosts, maxBytes: MAX_MEDIA_BYTES, timeoutMs: MEDIA_DOWNLOAD_TIMEOUT_MS })).data;
  } catch (error) {
    if (error instanceof MediaDownloadError && error.tooLarge) throw tooLarge(MAX_MEDIA_BYTES + 1);
    const reason = error instanceof MediaDownloadError ? error.message : 'it could not be reached';
    throw new InboundRequestError(400, 'ERR_MEDIA_UNREACHABLE', `The file at ${url.origin} could not be downloaded: ${reason}`);
  }
}

async function inboundMedia(input: Record<string, unknown>, hosts: MediaHosts): Promise<InboundMedia | undefined> {
  const raw = input.media;
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw invalid('media', 'media must be an object { url | base64, fileName, mimeType }');
  const media = raw as Record<string, unknown>;
  const fileName = typeof media.fileName === 'string' ? media.fileName.trim() : '';
  if (!fileName || fileName.length > 255 || /[/\\]/.test(fileName)) {
    throw invalid('media.fileName', 'media.fileName is required: a file name without folders, at most 255 characters');
  }
  const mimeType = typeof media.mimeType === 'string' ? media.mimeType.trim().toLowerCase() : '';
  if (!/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(mimeType)) {
    throw invalid('media.mimeType', 'media.mimeType is required, e.g. image/png');
  }
  const hasUrl = typeof media.url === 'string' && media.url !== '';
  const hasBase64 = typeof media.base64 === 'string' && media.base64 !== '';
  if (hasUrl === hasBase64) throw invalid('media', 'media needs exactly one of url or base64');
  let data: Buffer;
  if (hasBase64) {
    const base64 = (media.base64 as string).replace(/\s/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) throw invalid('media.base64', 'media.base64 is not base64');
    const bytes = Math.floor((base64.length * 3) / 4);
    if (bytes > MAX_MEDIA_BYTES + 2) throw tooLarge(bytes);
    data = Buffer.from(base64, 'base64');
  } else {
    let url: URL;
    try {
      url = new URL(media.url as string);
    } catch {
      throw invalid('media.url', 'media.url is not a valid address');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('media.url', 'media.url must be http or https');
    data = await download(url, hosts);
  }
  if (data.length === 0) throw invalid('media', 'the file is empty');
  if (data.length > MAX_MEDIA_BYTES) throw tooLarge(data.length);
  return { data, fileName, mimeType };
}

/**
 * An integrator's message (README: "Inbound"): `{ number, name?, body?, media?, externalId?, quotedId? }` as the
 * contact's message to the connection. Without externalId one is made, so a retried request is stored twice.
 */
export async function inboundMessage(input: Record<string, unknown>, options: { mediaHosts: MediaHosts }): Promise<InboundMessage> {
  const number = contactNumber(input);
  const name = optionalText(input, 'name', 100)?.trim();
  const body = optionalText(input, 'body', MAX_BODY_LENGTH);
  const externalId = optionalText(input, 'externalId', MAX_ID_LENGTH)?.trim() || `in-${randomUUID()}`;
  const quotedId = optionalText(input, 'quotedId', MAX_ID_LENGTH)?.trim();
  const media = await inboundMedia(input, options.mediaHosts);
  if (!media && !body?.trim()) throw invalid('body', 'body or media is required');
  const chat: ContactRef = { address: number, ...(name ? { name } : {}) };
  return {
    type: 'message',
    externalId,
    chat,
    fromMe: false,
    timestamp: new Date(),
    body: body ?? '',
    mediaType: media ? mediaTypeOf(media.mimeType) : 'chat',
    ...(media ? { media } : {}),
    ...(quotedId ? { quotedExternalId: quotedId } : {}),
  };
}

const ACKS: Record<string, Ack> = { sent: 1, delivered: 2, read: 3, played: 4 };

/**
 * A delivery status of a message the connection sent: `{ id, status: sent | delivered | read | played }`. `failed`
 * is refused: the sdk's ack has no failure mark, so core could not show it.
 */
export function inboundAck(input: Record<string, unknown>): { type: 'ack'; externalId: string; ack: Ack } {
  const id = optionalText(input, 'id', MAX_ID_LENGTH)?.trim();
  if (!id) throw invalid('id', 'id is required: the message id the webhook received');
  const status = input.status;
  if (status === 'failed') {
    throw new InboundRequestError(400, 'ERR_STATUS_UNSUPPORTED', 'status failed cannot be recorded; send sent, delivered, read or played');
  }
  const ack = typeof status === 'string' ? ACKS[status] : undefined;
  if (ack === undefined) throw invalid('status', 'status must be sent, delivered, read or played');
  return { type: 'ack', externalId: id, ack };
}
