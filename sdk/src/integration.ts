import type { MediaType } from './domain.js';
import type { PluginDescription } from './plugin.js';

/** One message of the conversation as an integration sees it. */
export interface ConversationMessage {
  /** Sent by the company (an agent or a bot); false for the contact's. */
  fromMe: boolean;
  body: string;
  mediaType?: MediaType;
  mimeType?: string;
  fileName?: string;
  /** A short-lived signed link to the message's file, for an upstream that fetches it itself. */
  mediaUrl?: string;
  /** ISO 8601. */
  createdAt: string;
}

/** The conversation an integration is asked to answer. */
export interface IntegrationConversation {
  ticket: { id: number; uuid: string; status: string; queueId: number | null; userId: number | null };
  contact: { id: number; name: string; number: string; email: string; channel: string };
  connection: { id: number; name: string; channel: string };
  company: { id: number; name: string };
  /** The message that arrived, with its file when it has one. */
  message: ConversationMessage & {
    /** The file's bytes (a voice note to transcribe, an image to describe); undefined without a file. */
    readMedia?(): Promise<Buffer>;
    /**
     * The message handed the ticket to the bot (the contact chose its queue or a chatbot option, e.g. "1"): open the
     * conversation (a welcome) rather than answer its words.
     */
    opening?: boolean;
  };
  /** The messages before it, oldest first; how many is the integration's to ask (IntegrationContext.historyLimit). */
  history: ConversationMessage[];
  /** The company's language for texts sent to customers ('pt-BR', 'en', 'es', 'tr'). */
  language: string;
  /**
   * Where the upstream answers later, on its own (only for integrations with `readLaterAnswer`): POST the answer to
   * `url` with `Authorization: Bearer <token>` until `expiresAt`, while the bot still has this ticket.
   */
  reply?: LaterAnswerAddress;
}

/** The address and key of one ticket's later answers: they open nothing else. */
export interface LaterAnswerAddress {
  url: string;
  token: string;
  expiresAt: string;
}

/** A message an integration sends to the contact, as the bot. */
export interface IntegrationReply {
  body?: string;
  /** A file to send: fetched from `url`, or given as bytes. */
  media?: { url: string; fileName?: string; mimeType?: string } | { data: Buffer; fileName: string; mimeType: string };
  /** Send the (audio) file as a voice note. */
  voiceNote?: boolean;
  /** Wait this long before sending (a typing pause, Typebot's typebotDelayMessage). */
  delayMs?: number;
}

/** What an integration decided for the conversation. */
export interface IntegrationResult {
  replies: IntegrationReply[];
  /**
   * What to remember for the ticket until its next message (a Typebot session id, when it expires): kept in the
   * database, so a restart loses nothing. `null` forgets it; undefined keeps what there was.
   */
  state?: Record<string, unknown> | null;
  /** Move the ticket to a queue, or to a user; the bot stops. */
  transfer?: { queueId?: number; userId?: number };
  /** Close the ticket; the bot stops. */
  close?: boolean;
  /** Stop the bot and let a person attend: the ticket waits (pending) in its queue. */
  handOff?: boolean;
}

/** One call of an integration for one inbound message. */
export interface IntegrationContext {
  /** The integration's settings (a queue integration's fields, or a prompt's), secrets decrypted. */
  config: Record<string, unknown>;
  conversation: IntegrationConversation;
  /** What the previous call kept for this ticket (IntegrationResult.state), or undefined. */
  state: Record<string, unknown> | undefined;
  /** Now, from core's clock (tests move it). */
  now: Date;
  /** Aborted when core gives up waiting (the upstream is too slow) or shuts down. */
  signal: AbortSignal;
  log: { info(data: object, message: string): void; warn(data: object, message: string): void };
}

export interface TestResult {
  ok: boolean;
  message?: string;
}

export const IntegrationContribution = Symbol('IntegrationContribution');
/**
 * An automation connector ('typebot', 'n8n', 'dialogflow', 'openai', 'webhook'). Core calls `handle` for each
 * message of a ticket handed to it (by its queue, its connection, a chatbot option or the ticket's toggle) and sends
 * the replies as bot messages. An upstream failure is thrown: core logs it, answers nothing, and tries again on the
 * next message.
 */
export interface IntegrationContribution {
  /** The queue integration's `type`, or 'openai' for prompts. */
  readonly type: string;
  readonly description: PluginDescription;
  /** How many earlier messages `conversation.history` should hold (default 0). */
  readonly historyLimit?: number | ((config: Record<string, unknown>) => number);
  handle(ctx: IntegrationContext): Promise<IntegrationResult>;
  /**
   * For upstreams that answer after the call returned (a workflow replying on its own): core gives each conversation
   * a `reply` address and reads what is POSTed there with this. A thrown Error's message is told to the caller.
   */
  readLaterAnswer?(body: unknown): Omit<IntegrationResult, 'state'>;
  /** POST /queueIntegration/testSession: checks the settings against the upstream (credentials, slug, URL). */
  testSession?(config: Record<string, unknown>, options: { signal: AbortSignal }): Promise<TestResult>;
}
