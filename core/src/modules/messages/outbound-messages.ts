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
  media?: { data: Buffer; fileName: string; mimeType: string };
  /** A file already in media storage (a forwarded message keeps the original's file). */
  storedMedia?: { path: string; fileName: string; mimeType: string; mediaType: string };
  /** Shown as 'Encaminhada' (spec 1 §8). */
  isForwarded?: boolean;
  /** Prefix the agent's name (sendSignMessage). */
  signed?: boolean;
  /** Where the message comes from (e.g. { scheduleId }), kept with it so a retried sender can tell it went. */
  origin?: Record<string, number | string>;
}

export const OutboundMessages = Symbol('OutboundMessages');
/**
 * Stores an outgoing message in its ticket and queues its delivery through the ticket's connection
 * (retries with backoff; a final failure marks the message). Answers the stored message at once.
 */
export interface OutboundMessages {
  send(options: SendOptions): Promise<MessageModel>;
}
