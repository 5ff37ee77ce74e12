import type { Ack, ConnectionStatus, MediaType } from './domain.js';
import type { HttpRouter, RealtimeNamespace } from './http.js';
import type { PluginDescription } from './plugin.js';

/** The connection a session serves, with its settings already decrypted. */
export interface ConnectionInfo {
  id: number;
  companyId: number;
  name: string;
  channel: string;
  /** The connection's secret token: the external API's key. Never put it in a page or a public URL. */
  token?: string;
  /** The connection's public identifier (random, not a credential): what a public page such as the widget names it by. */
  publicId?: string;
  settings: Record<string, unknown>;
}

/** Who a message comes from or goes to, as the channel names them. */
export interface ContactRef {
  /** Phone number (digits), page-scoped id, visitor id, group id... unique per channel. */
  address: string;
  name?: string;
  email?: string;
  isGroup?: boolean;
  profilePicUrl?: string;
}

export interface InboundMedia {
  data: Buffer;
  fileName: string;
  mimeType: string;
}

export interface InboundMessage {
  type: 'message';
  /** The channel's id of the message: core stores each (connection, externalId) once. */
  externalId: string;
  /** The conversation: the contact, or the group. */
  chat: ContactRef;
  /** In a group, the member who wrote. */
  participant?: ContactRef;
  fromMe: boolean;
  timestamp?: Date;
  body?: string;
  mediaType?: MediaType;
  media?: InboundMedia;
  quotedExternalId?: string;
  vCard?: string;
  isForwarded?: boolean;
  /**
   * From the account's past (a history import), not live: core stores it once on the conversation's ticket (a new
   * one marked imported) and runs no routing step, notification or unread count for it.
   */
  history?: boolean;
}

export type InboundEvent =
  | InboundMessage
  | {
      type: 'ack';
      externalId: string;
      ack: Ack;
      /** The channel gave up delivering the message: why, as the provider says it (shown on the message). */
      failure?: string;
    }
  | { type: 'edit'; externalId: string; body: string }
  | { type: 'delete'; externalId: string }
  | { type: 'reaction'; externalId: string; targetExternalId: string; emoji: string; chat: ContactRef; fromMe: boolean }
  | { type: 'presence'; chat: ContactRef; presence: 'composing' | 'recording' | 'available' | 'unavailable' | 'paused' }
  | { type: 'call'; externalId: string; chat: ContactRef; status: 'offer' | 'missed' | 'rejected' | 'accepted' };

export interface OutboundMedia {
  /** Absolute path of the stored file. */
  path: string;
  fileName: string;
  mimeType: string;
  mediaType: MediaType;
  asVoiceNote?: boolean;
}

export interface OutboundMessage {
  /** core's message id. */
  messageId: number;
  to: ContactRef;
  body?: string;
  media?: OutboundMedia;
  quoted?: { externalId: string; fromMe: boolean; body?: string };
  vCard?: string;
  /** Send this approved template instead of free text (channels whose sessions list `templates()`). */
  template?: TemplateChoice;
}

/**
 * A message template the provider approved for the account: what a channel with a reply window may still send once
 * the window has closed. `body` shows its text with `{{1}}`, `{{2}}`... where `variables` values go.
 */
export interface MessageTemplate {
  name: string;
  language: string;
  body: string;
  variables: number;
}

/** The template an agent picked, with its variables filled in order. */
export interface TemplateChoice {
  name: string;
  language: string;
  variables: string[];
}

/** Per-connection key/value rows in the database (auth state, cursors); survives restarts and node changes. */
export interface PluginStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** Every entry whose key starts with prefix. */
  list(prefix?: string): Promise<[string, string][]>;
  clear(): Promise<void>;
}

export interface PluginLogger {
  debug(message: string, data?: Record<string, unknown>): void;
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

/** The history import a connection asks for (spec 2 §3: importOldMessages, importRecentMessages, importOldMessagesGroups). */
export interface HistoryImportRequest {
  /** The oldest message to import. */
  from: Date;
  /** The newest message to import; unset: up to the time the history arrives. */
  until?: Date;
  /** Group chats are imported too. */
  groups: boolean;
}

/** How far a history import is: processed -1 while the channel prepares it; `done` once, when it has ended. */
export interface HistoryImportProgress {
  processed: number;
  total: number;
  /** The time of the last message processed. */
  date?: Date;
  done?: boolean;
}

/** What core gives a session: its connection, the way in for events, status reporting, a store, a logger. */
export interface ChannelSessionContext {
  connection: ConnectionInfo;
  /** Hands an event to core's inbound pipeline; resolves when it is committed. */
  inbound(event: InboundEvent): Promise<void>;
  setStatus(status: ConnectionStatus, extra?: { qrcode?: string; number?: string }): Promise<void>;
  /** The current value of one of the company's setting options (spec 2 §3), e.g. acceptCallWhatsapp; read fresh. */
  companySetting(key: string): Promise<string | undefined>;
  /** Set when the connection asks for its history to be imported; channels without history ignore it. */
  historyImport?: HistoryImportRequest;
  /** Reports a history import's progress (stored on the connection and announced to the company). */
  importProgress?(progress: HistoryImportProgress): Promise<void>;
  store: PluginStore;
  log: PluginLogger;
}

/** One live connection to a channel account. Optional methods exist when the channel has the capability. */
export interface ChannelSession {
  /** Connects; reports progress (QR, CONNECTED) through ctx.setStatus. */
  start(): Promise<void>;
  stop(options: { logout: boolean }): Promise<void>;
  send(message: OutboundMessage): Promise<{ externalId: string }>;
  edit?(externalId: string, body: string, to: ContactRef): Promise<void>;
  remove?(externalId: string, to: ContactRef): Promise<void>;
  react?(externalId: string, emoji: string, to: ContactRef): Promise<{ externalId: string }>;
  markRead?(externalIds: string[], to: ContactRef): Promise<void>;
  sendPresence?(to: ContactRef, presence: 'composing' | 'recording' | 'paused'): Promise<void>;
  checkNumber?(number: string): Promise<{ exists: boolean; address?: string }>;
  profilePicture?(address: string): Promise<string | undefined>;
}

export const ChannelContribution = Symbol('ChannelContribution');
/** A channel kind ('whatsapp', 'webchat', ...): makes sessions and may serve HTTP routes (webhooks, widgets). */
export interface ChannelContribution {
  readonly channel: string;
  readonly description: PluginDescription;
  createSession(ctx: ChannelSessionContext): ChannelSession;
  /** Mounted at the root of the server; a plugin keeps to its own prefix (/webhooks/<channel>, /widget). */
  routes?(router: HttpRouter): void;
  /**
   * For channels whose accounts come from an outside sign-in (a Facebook login lists the user's pages): turns
   * that sign-in into the connections to create or refresh. Core creates them (plan flags and limits apply).
   */
  provision?(request: Record<string, unknown>): Promise<ProvisionedConnection[]>;
  /**
   * What the browser needs to open that outside sign-in (GET /plugins passes it on); undefined while the server is
   * not set up for it, and the web then offers only the settings form.
   */
  signIn?(): ChannelSignIn | undefined;
  /**
   * The connection's approved message templates, for channels with a reply window: what an agent may still send
   * (`OutboundMessage.template`) once it has closed. Asked on whichever node serves the agent, so it needs no session.
   */
  templates?(connection: ConnectionInfo): Promise<MessageTemplate[]>;
}

/** The public side of a channel's outside sign-in, e.g. Meta's app id for the Facebook login; never a secret. */
export interface ChannelSignIn {
  provider: string;
  appId: string;
}

/** One connection a channel's sign-in yields; `key` names the outside account so a repeat updates it. */
export interface ProvisionedConnection {
  channel: string;
  name: string;
  /** The settings field that identifies the account (e.g. 'pageId'). */
  keyField: string;
  settings: Record<string, unknown>;
}

/**
 * A failure a plugin reports to the user: core answers it with this code (spec error codes, ERR_…) and status,
 * never as an internal error.
 */
export class ChannelError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = 'ChannelError';
  }
}

export const PluginHost = Symbol('PluginHost');
/** Core services a plugin's routes may use. */
export interface PluginHost {
  /** The connection of this channel whose secret token this is, or undefined. */
  findConnectionByToken(channel: string, token: string): Promise<ConnectionInfo | undefined>;
  /** The connection of this channel whose public identifier (`ConnectionInfo.publicId`) this is, or undefined. */
  findConnectionByPublicId(channel: string, publicId: string): Promise<ConnectionInfo | undefined>;
  /**
   * The one connection of this channel that owns the address (the value of the setting its description marks
   * `address: true`, e.g. a page id), or undefined. An address belongs to at most one connection on the
   * installation, so a delivery for it reaches one company only; there is no search across companies.
   */
  findConnectionByAddress(channel: string, address: string): Promise<ConnectionInfo | undefined>;
  /** Feeds an event of a connection into the inbound pipeline (from a webhook or widget request). */
  inbound(connection: ConnectionInfo, event: InboundEvent): Promise<void>;
  /** A socket.io namespace of the plugin's own (e.g. '/widget'); shared by every node when scaled. */
  namespace(name: string): RealtimeNamespace;
  /** The store of a connection. */
  store(connection: ConnectionInfo): PluginStore;
  log: PluginLogger;
}
