import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { MediaType, PluginStore } from '@switchboard/sdk';
import type { TranscriptMessageView } from './widget-contract.js';

export type { TranscriptMessageView } from './widget-contract.js';

/** What the plugin keeps about a visitor, under `visitor:<id>:meta`. */
export interface VisitorMeta {
  id: string;
  name?: string;
  email?: string;
  /** sha256 of the secret part of the visitor token; the token itself is never stored. */
  tokenHash: string;
  createdAt: string;
  /** The last message sequence number used. */
  seq: number;
}

export interface TranscriptMedia {
  fileName: string;
  mimeType: string;
  mediaType: MediaType;
  /** An agent's file: core's stored file. A visitor's file is kept in the store under `visitor:<id>:media:<seq>`. */
  path?: string;
}

/** One message of a visitor's conversation, under `visitor:<id>:msg:<zero-padded seq>`. */
export interface TranscriptEntry {
  id: string;
  seq: number;
  body: string;
  /** Sent by the company (an agent, a bot), as in core; false for what the visitor wrote. */
  fromMe: boolean;
  media?: TranscriptMedia;
  createdAt: string;
  editedAt?: string;
  deleted?: boolean;
  /** The visitor has seen it (an agent message whose read ack was handed to core). */
  read?: boolean;
}

export const TRANSCRIPT_PAGE_SIZE = 20;
const SEQ_DIGITS = 10;

// Appends of one visitor are serialised in this process (agent replies and visitor posts may race).
const appendLocks = new Map<string, Promise<unknown>>();

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A new message id, unique for the connection: core stores each (connection, externalId) once. */
export function newMessageId(): string {
  return `wc-${randomBytes(12).toString('base64url')}`;
}

/** The visitors and transcripts of one webchat connection, kept in the connection's PluginStore. */
export class VisitorTranscript {
  constructor(
    private readonly store: PluginStore,
    private readonly connectionId: number,
  ) {}

  /** Creates a visitor; the token (`<visitorId>.<secret>`) is returned once, only its hash is stored. */
  async createVisitor(input: { name?: string; email?: string }): Promise<{ visitorId: string; visitorToken: string; meta: VisitorMeta }> {
    const visitorId = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    const meta: VisitorMeta = {
      id: visitorId,
      name: input.name,
      email: input.email,
      tokenHash: sha256(secret),
      createdAt: new Date().toISOString(),
      seq: 0,
    };
    await this.store.set(metaKey(visitorId), JSON.stringify(meta));
    return { visitorId, visitorToken: `${visitorId}.${secret}`, meta };
  }

  async meta(visitorId: string): Promise<VisitorMeta | undefined> {
    const raw = await this.store.get(metaKey(visitorId));
    return raw ? (JSON.parse(raw) as VisitorMeta) : undefined;
  }

  /** The visitor this token belongs to, or undefined (unknown visitor, wrong secret, malformed token). */
  async authenticate(visitorToken: string | undefined): Promise<VisitorMeta | undefined> {
    if (!visitorToken || visitorToken.length > 200) return undefined;
    const dot = visitorToken.indexOf('.');
    if (dot <= 0) return undefined;
    const visitorId = visitorToken.slice(0, dot);
    if (!/^[0-9a-f-]{36}$/.test(visitorId)) return undefined;
    const meta = await this.meta(visitorId);
    if (!meta) return undefined;
    const given = Buffer.from(sha256(visitorToken.slice(dot + 1)), 'hex');
    const stored = Buffer.from(meta.tokenHash, 'hex');
    return given.length === stored.length && timingSafeEqual(given, stored) ? meta : undefined;
  }

  /** Appends a message (and a visitor's file bytes) to the visitor's transcript. */
  append(visitorId: string, entry: Omit<TranscriptEntry, 'seq'>, mediaData?: Buffer): Promise<TranscriptEntry> {
    const lockKey = `${this.connectionId}:${visitorId}`;
    const previous = appendLocks.get(lockKey) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.appendNow(visitorId, entry, mediaData));
    appendLocks.set(lockKey, next);
    void next
      .finally(() => {
        if (appendLocks.get(lockKey) === next) appendLocks.delete(lockKey);
      })
      .catch(() => undefined);
    return next;
  }

  private async appendNow(visitorId: string, entry: Omit<TranscriptEntry, 'seq'>, mediaData?: Buffer): Promise<TranscriptEntry> {
    const meta = await this.meta(visitorId);
    if (!meta) throw new Error(`webchat visitor ${visitorId} does not exist`);
    let seq = meta.seq + 1;
    // Another node may have appended meanwhile: never overwrite a row.
    while (await this.store.get(messageKey(visitorId, seq))) seq += 1;
    const stored: TranscriptEntry = { ...entry, seq };
    if (mediaData) await this.store.set(mediaKey(visitorId, seq), mediaData.toString('base64'));
    await this.store.set(messageKey(visitorId, seq), JSON.stringify(stored));
    await this.store.set(indexKey(visitorId, stored.id), String(seq));
    await this.store.set(metaKey(visitorId), JSON.stringify({ ...meta, seq }));
    return stored;
  }

  async find(visitorId: string, messageId: string): Promise<TranscriptEntry | undefined> {
    const seq = await this.store.get(indexKey(visitorId, messageId));
    if (!seq) return undefined;
    const raw = await this.store.get(messageKey(visitorId, Number(seq)));
    return raw ? (JSON.parse(raw) as TranscriptEntry) : undefined;
  }

  async update(visitorId: string, entry: TranscriptEntry): Promise<void> {
    await this.store.set(messageKey(visitorId, entry.seq), JSON.stringify(entry));
  }

  /** Removes a message that never reached core (its inbound failed). */
  async discard(visitorId: string, entry: TranscriptEntry): Promise<void> {
    await this.store.delete(messageKey(visitorId, entry.seq));
    await this.store.delete(mediaKey(visitorId, entry.seq));
    await this.store.delete(indexKey(visitorId, entry.id));
  }

  async mediaData(visitorId: string, entry: TranscriptEntry): Promise<Buffer | undefined> {
    const raw = await this.store.get(mediaKey(visitorId, entry.seq));
    return raw === undefined ? undefined : Buffer.from(raw, 'base64');
  }

  /** Page 1 is the newest TRANSCRIPT_PAGE_SIZE messages, oldest first; page 2 the ones before; and so on. */
  async page(visitorId: string, pageNumber: number): Promise<{ entries: TranscriptEntry[]; hasMore: boolean }> {
    const rows = await this.store.list(`visitor:${visitorId}:msg:`);
    rows.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const end = rows.length - (pageNumber - 1) * TRANSCRIPT_PAGE_SIZE;
    const start = Math.max(0, end - TRANSCRIPT_PAGE_SIZE);
    const entries = end > 0 ? rows.slice(start, end).map(([, value]) => JSON.parse(value) as TranscriptEntry) : [];
    return { entries, hasMore: start > 0 };
  }
}

/** The widget's view of an entry; media are fetched from `/widget/<public id>/media/<id>` with the visitor token. */
export function viewOf(entry: TranscriptEntry, widgetId: string | undefined): TranscriptMessageView {
  const view: TranscriptMessageView = {
    id: entry.id,
    seq: entry.seq,
    body: entry.deleted ? '' : entry.body,
    fromMe: entry.fromMe,
    createdAt: entry.createdAt,
  };
  if (entry.media && !entry.deleted && widgetId) {
    view.mediaUrl = `/widget/${encodeURIComponent(widgetId)}/media/${encodeURIComponent(entry.id)}`;
    view.mediaName = entry.media.fileName;
    view.mimeType = entry.media.mimeType;
  }
  if (entry.editedAt) view.edited = true;
  if (entry.deleted) view.deleted = true;
  return view;
}

/** The socket.io room of a visitor: every tab the visitor has open. */
export function visitorRoom(connectionId: number, visitorId: string): string {
  return `visitor:${connectionId}:${visitorId}`;
}

export function mediaTypeOf(mimeType: string): MediaType {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('audio/')) return 'audio';
  if (mimeType.startsWith('video/')) return 'video';
  return 'application';
}

function metaKey(visitorId: string): string {
  return `visitor:${visitorId}:meta`;
}
function messageKey(visitorId: string, seq: number): string {
  return `visitor:${visitorId}:msg:${String(seq).padStart(SEQ_DIGITS, '0')}`;
}
function mediaKey(visitorId: string, seq: number): string {
  return `visitor:${visitorId}:media:${String(seq).padStart(SEQ_DIGITS, '0')}`;
}
function indexKey(visitorId: string, messageId: string): string {
  return `visitor:${visitorId}:id:${messageId}`;
}
