import type { ConnectionInfo, InboundMessage } from './channel.js';
import type { TicketStatus } from './domain.js';

export interface ContactRecord {
  id: number;
  companyId: number;
  name: string;
  number: string;
  channel: string;
  isGroup: boolean;
  disableBot: boolean;
  active: boolean;
}

export interface TicketRecord {
  id: number;
  uuid: string;
  companyId: number;
  status: TicketStatus;
  contactId: number;
  whatsappId: number | null;
  queueId: number | null;
  userId: number | null;
  isGroup: boolean;
  chatbot?: boolean;
  /** Who the ticket is handed to, as read with it (absent when the reader did not read it). */
  bot?: { useIntegration: boolean; integrationId: number | null; promptId: number | null };
  /**
   * Whether the ticket's latest message before the one being handled was ours (absent when the reader did not read
   * it, e.g. for a ticket made for this message). false: the contact wrote last, so nothing of ours awaits an answer.
   */
  lastMessageFromMe?: boolean;
}

/** An inbound message on its way through the handler chain; each step adds what it established. */
export interface InboundContext {
  connection: ConnectionInfo;
  event: InboundMessage;
  contact?: ContactRecord;
  ticket?: TicketRecord;
  /** The ticket was created for this message. */
  ticketCreated?: boolean;
  /** core's id of the stored message. */
  messageId?: number;
  /** Free room for steps to pass facts along. */
  state: Record<string, unknown>;
}

export const ConversationHandler = Symbol('ConversationHandler');
/**
 * One step of the inbound chain (dedupe, contact, ticket, message, then routing steps: LGPD, rating,
 * out-of-hours, integration, chatbot, assignment). Steps run by ascending `order`; a step that does not call
 * next() ends the chain.
 */
export interface ConversationHandler {
  readonly name: string;
  readonly order: number;
  handle(ctx: InboundContext, next: () => Promise<void>): Promise<void>;
}

/** Orders of core's own steps, so plugins can place theirs between them. */
export const conversationSteps = {
  dedupe: 100,
  contact: 200,
  ticket: 300,
  message: 400,
  lgpd: 500,
  rating: 600,
  outOfHours: 700,
  integration: 800,
  chatbot: 900,
  assignment: 1000,
} as const;
