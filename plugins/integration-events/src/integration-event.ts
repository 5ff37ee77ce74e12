import type { ConversationMessage, IntegrationConversation, MediaType } from '@switchboard/sdk';

/** One earlier message of the conversation, as the event carries it. */
export interface EventHistoryMessage {
  /** Sent by the company (an agent or a bot); false for the contact's. */
  fromMe: boolean;
  body: string;
  mediaType: MediaType | null;
  fileName: string | null;
  createdAt: string;
}

/**
 * What the webhook and n8n integrations POST for each message of the contact (documented in their READMEs). Fields
 * without a value are null rather than absent, so a workflow reads one stable shape.
 */
export interface MessageReceivedEvent {
  event: 'message.received';
  /** When the event was made (ISO 8601); the webhook's signature covers it, so a receiver can refuse old ones. */
  timestamp: string;
  company: { id: number; name: string };
  connection: { id: number; name: string; channel: string };
  ticket: { id: number; uuid: string; status: string; queueId: number | null };
  contact: { id: number; name: string; number: string; email: string };
  message: {
    body: string;
    mediaType: MediaType | null;
    mimeType: string | null;
    fileName: string | null;
    /** A short-lived signed link to the message's file, which the receiver may fetch; null without a file. */
    mediaUrl: string | null;
    /** The message handed the ticket to the integration (a menu choice such as "1"): open, rather than answer it. */
    opening: boolean;
    createdAt: string;
  };
  /** The messages before it, oldest first; present only when the integration asks for history. */
  history?: EventHistoryMessage[];
  /**
   * Where the receiver answers later, when not in its response: POST the answer shape to `url` with
   * `Authorization: Bearer <token>` until `expiresAt`, while the bot still has the ticket.
   */
  reply: { url: string; token: string; expiresAt: string } | null;
}

/** What testSession sends: nothing about any conversation, only that Switchboard can reach the URL. */
export interface TestEvent {
  event: 'test';
  timestamp: string;
}

export type IntegrationEvent = MessageReceivedEvent | TestEvent;

/** The event for the contact's message a conversation is at. */
export function messageReceivedEvent(conversation: IntegrationConversation, now: Date): MessageReceivedEvent {
  const { company, connection, ticket, contact, message, history } = conversation;
  return {
    event: 'message.received',
    timestamp: now.toISOString(),
    company: { id: company.id, name: company.name },
    connection: { id: connection.id, name: connection.name, channel: connection.channel },
    ticket: { id: ticket.id, uuid: ticket.uuid, status: ticket.status, queueId: ticket.queueId },
    contact: { id: contact.id, name: contact.name, number: contact.number, email: contact.email },
    message: {
      body: message.body,
      mediaType: message.mediaType ?? null,
      mimeType: message.mimeType ?? null,
      fileName: message.fileName ?? null,
      mediaUrl: message.mediaUrl ?? null,
      opening: message.opening ?? false,
      createdAt: message.createdAt,
    },
    ...(history.length > 0 ? { history: history.map(historyMessage) } : {}),
    reply: conversation.reply ?? null,
  };
}

export function testEvent(now: Date): TestEvent {
  return { event: 'test', timestamp: now.toISOString() };
}

function historyMessage(message: ConversationMessage): EventHistoryMessage {
  return {
    fromMe: message.fromMe,
    body: message.body,
    mediaType: message.mediaType ?? null,
    fileName: message.fileName ?? null,
    createdAt: message.createdAt,
  };
}
