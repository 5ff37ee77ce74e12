import type { TemplateChoice } from '@switchboard/sdk';
import type { MessageModel } from './message.model.js';

export interface SendOptions {
  companyId: number;
  ticketId: number;
  /** The agent sending, or null for messages the system sends (greetings, farewells, schedules). */
  userId: number | null;
  body: string;
  /** Stored and shown, never sent to the contact. */
  isPrivate?: boolean;
  quotedMsgId?: number;
  vCard?: string;
  /** asVoiceNote: an audio file the channel delivers as a recorded voice note where it can (WhatsApp's ptt). */
  media?: { data: Buffer; fileName: string; mimeType: string; asVoiceNote?: boolean };
  /** A file already in media storage (a forwarded message keeps the original's file). */
  storedMedia?: StoredFile;
  /** Shown as 'Encaminhada' (spec 1 §8). */
  isForwarded?: boolean;
  /** Prefix the agent's name (sendSignMessage). */
  signed?: boolean;
  /** Where the message comes from (e.g. { scheduleId }), kept with it so a retried sender can tell it went. */
  origin?: Record<string, number | string>;
  /** An approved template the channel sends instead of the text (a closed reply window); the body is what it reads. */
  template?: TemplateChoice;
}

/** A file in media storage, as a message carries it. */
export interface StoredFile {
  path: string;
  fileName: string;
  mimeType: string;
  mediaType: string;
}

/** One of many messages the system stores at once (sendMany): each with its own origin, which it is stored at most once by. */
export interface BatchMessage {
  ticketId: number;
  body: string;
  storedMedia?: StoredFile;
  origin: Record<string, number | string>;
}

export const OutboundMessages = Symbol('OutboundMessages');
/**
 * Stores an outgoing message in its ticket and queues its delivery through the ticket's connection
 * (retries with backoff; a final failure marks the message). Answers the stored message at once.
 */
export interface OutboundMessages {
  send(options: SendOptions): Promise<MessageModel>;
  /**
   * Stores and queues many system messages (no agent) of one company in a few statements, for campaigns: each
   * answer is the stored message, or undefined where a message of that origin was stored before.
   */
  sendMany(options: { companyId: number; messages: BatchMessage[] }): Promise<(MessageModel | undefined)[]>;
}

/** A message to the contact that OutboundMessages stored and queued (not a private note). */
export interface StoredOutboundMessage {
  companyId: number;
  ticketId: number;
  /** The ticket's connection, whose options say whether anything follows our message. */
  whatsappId: number | null;
  /** The ticket's status when the message was stored. */
  ticketStatus: string;
  userId: number | null;
  origin?: Record<string, number | string>;
}

export const OutboundMessageListener = Symbol('OutboundMessageListener');
/** Told after each message to a contact is stored (routing: inactivity counts from our last message). Must not throw. */
export interface OutboundMessageListener {
  readonly name: string;
  afterStored(message: StoredOutboundMessage): Promise<void>;
}
