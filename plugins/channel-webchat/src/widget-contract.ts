// What the widget's server side and its browser scripts (widget/src) agree on. Types and constants only: the
// browser build imports this file too, so it must stay free of Node modules.

export const MAX_NAME_LENGTH = 80;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_BODY_LENGTH = 4096;
export const MAX_MEDIA_BYTES = 16 * 1024 * 1024;
export const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;
export const COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
export const DEFAULT_COLOR = '#2563eb';

/** A message as the widget receives it (HTTP transcript and socket `message` / `edit` events). */
export interface TranscriptMessageView {
  id: string;
  /** The message's place in the visitor's conversation (server order): the widget shows messages by it. */
  seq: number;
  body: string;
  fromMe: boolean;
  mediaUrl?: string;
  mediaName?: string;
  mimeType?: string;
  createdAt: string;
  edited?: boolean;
  deleted?: boolean;
}

/** The chat page's configuration, inlined in the page as JSON. */
export interface WidgetPageConfig {
  /** The connection's public id (never its API token); absent on the page of an unknown id. */
  widgetId?: string;
  /** Path of the widget's HTTP API: `/widget/<public id>`. */
  base: string;
  namespace: string;
  socketPath: string;
  /** The connection's title setting; the page shows a default in the visitor's language without it. */
  title?: string;
  welcome: string;
  color: string;
  requireEmail: boolean;
}

/** The launcher's configuration, written into embed.js for one connection. */
export interface EmbedConfig {
  title?: string;
  color: string;
}

/** Messages the chat page posts to the launcher that framed it. */
export type WidgetFrameMessage = { source: 'switchboard-widget'; type: 'close' } | { source: 'switchboard-widget'; type: 'message' };
