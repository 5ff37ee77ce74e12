import type {
  Campaign,
  CompanyUser,
  Connection,
  ConnectionStatus,
  Contact,
  ContactList,
  ContactListItem,
  FileList,
  ImportProgress,
  Message,
  Prompt,
  Queue,
  QueueIntegration,
  QuickMessage,
  Schedule,
  Tag,
  TicketRow,
} from './views.js';
import type { PaymentEvent } from './billing.js';

/** A record created or changed, or the id of one deleted, as the list events of the settings screens carry them. */
type RecordEvent<K extends string, R, IdKey extends string> =
  ({ action: 'create' | 'update' } & { [key in K]: R }) | ({ action: 'delete' } & { [key in IdKey]: number });

export type TicketEvent =
  /** The ticket as the API answers it. A stored message sends no update: its `appMessage` carries the ticket. */
  | { action: 'update'; ticket: TicketRow }
  /** The ticket's unread count went to 0 (it was read). */
  | { action: 'updateUnread'; ticketId: number }
  /** The ticket left the receiver's lists (deleted, or no longer visible to it). */
  | { action: 'delete'; ticketId: number };

/** A message created or changed; a new one carries its ticket (the API's view, or its row after an incoming message). */
/** A create carries the ticket the message changed (its own columns with the contact): read it as that ticket's update. */
export type AppMessageEvent = { action: 'create' | 'update'; message: Message; ticket?: TicketRow; contact?: Contact };
export type ContactEvent = RecordEvent<'contact', Contact, 'contactId'> | { action: 'reload' };
export type ConnectionEvent = { action: 'update'; whatsapp: Connection } | { action: 'delete'; whatsappId: number };
export type ConnectionSessionEvent = {
  action: 'update';
  session: { id: number; status: ConnectionStatus; qrcode?: string; number?: string };
};
export type ImportMessagesEvent =
  { action: 'update'; whatsappId: number; status: ImportProgress } | { action: 'refresh'; whatsappId: number };
export type UserEvent =
  /** A create carries the whole user; an update may carry only what changed (a sign-in or out: id and online). */
  { action: 'create' | 'update'; user: Partial<CompanyUser> & { id: number } } | { action: 'delete'; userId: number };
export type QueueEvent = RecordEvent<'queue', Queue, 'queueId'>;
export type TagEvent = RecordEvent<'tag', Tag, 'tagId'>;
export type QueueIntegrationEvent = RecordEvent<'queueIntegration', QueueIntegration, 'integrationId'>;
export type PromptEvent = RecordEvent<'prompt', Prompt, 'promptId'>;
export type ScheduleEvent = RecordEvent<'schedule', Schedule, 'scheduleId'>;
/** General quick replies go to the company room, own ones to the author's room. */
export type QuickMessageEvent = { action: 'create' | 'update'; record: QuickMessage } | { action: 'delete'; id: number };
/** Contact lists and their items (spec 3 §7 live events): `reload` replaces what a screen holds. */
export type ContactListEvent = RecordEvent<'record', ContactList, 'id'> | { action: 'reload' };
export type ContactListItemEvent =
  | RecordEvent<'record', ContactListItem, 'id'>
  /** Many items of one list changed at once (an import, a number check): read that list again. */
  | { action: 'reload'; contactListId?: number }
  /** How far a spreadsheet import is, sent to the user who started it: `processed` of `total` rows. */
  | { action: 'progress'; contactListId: number; processed: number; total: number };
/** A campaign changed (its status, its counts on the report) or was deleted. */
export type CampaignEvent = RecordEvent<'record', Campaign, 'id'> | { action: 'reload' };
export type FileListEvent = RecordEvent<'fileList', FileList, 'fileId'> | { action: 'reload' };
/** An announcement of the platform (spec 3 §3): published by the super user to the users of every company. */
export interface Announcement {
  id: number;
  title: string;
  text: string;
  /** 1 high (Alta), 2 medium (Média), 3 low (Baixa). */
  priority: 1 | 2 | 3;
  /** Active: shown in every user's announcements popover. */
  status: boolean;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: string;
  updatedAt: string;
}
/**
 * Sent to every signed-in user of every company when the super user changes an announcement. Users outside the super
 * company hear an inactive one as deleted (it left their popover), so unpublished drafts reach only the super company.
 */
export type AnnouncementEvent = { action: 'create' | 'update'; record: Announcement } | { action: 'delete'; id: number };
/** A member of an internal chat (spec 3 §3 Chat): their unread count and who they are. */
export interface ChatMember {
  userId: number;
  unreads: number;
  user: { id: number; name: string };
}
/** An internal staff chat (spec 3 §3 Chat), as GET /chats and the `chat` event carry it. */
export interface Chat {
  id: number;
  uuid: string;
  title: string;
  /** The member who created it: only they edit or delete it. */
  ownerId: number | null;
  lastMessage: string | null;
  createdAt: string;
  updatedAt: string;
  users: ChatMember[];
}
/** A message of an internal chat (spec 3 §3 Chat message); a file's kind is told by its bytes. */
export interface ChatMessage {
  id: number;
  chatId: number;
  message: string;
  senderId: number | null;
  sender: { id: number; name: string } | null;
  mediaPath: string | null;
  mediaName: string | null;
  mediaType: 'image' | 'audio' | 'video' | 'application' | null;
  createdAt: string;
}
/**
 * An internal chat changed, sent to its members' user rooms only (a chat is private to them, so the spec's per-chat
 * and general channels are these same rooms): a chat the receiver joined or that changed, one it left or that was
 * deleted, and each new message with the chat's unread counts.
 */
export type ChatEvent =
  | { action: 'create' | 'update'; chat: Chat }
  | { action: 'delete'; chatId: number }
  | { action: 'new-message'; chat: Chat; message: ChatMessage };
export type PresenceEvent = { ticketId: number; presence: string };
/**
 * Sent by a node to its own sockets when its link to the other nodes (Redis) came back after an outage: events may
 * have been lost meanwhile, so the screens read their lists and the open ticket again.
 */
export type ResyncEvent = { reason: 'events-lost' };
/** Sent to the one socket of a session ended by a sign-in elsewhere. */
export type AuthEvent = { action: 'update'; user: { id: number }; reason: 'elsewhere' };

/**
 * Every event the server emits to the web app's socket, with its payload (spec 1 §7 Realtime). core's RealtimeBus
 * only emits these names with these payloads, and the web's `realtime.on` hands its handlers these types.
 */
export interface ServerToClientEvents {
  ticket: TicketEvent;
  appMessage: AppMessageEvent;
  presence: PresenceEvent;
  contact: ContactEvent;
  whatsapp: ConnectionEvent;
  whatsappSession: ConnectionSessionEvent;
  importMessages: ImportMessagesEvent;
  user: UserEvent;
  auth: AuthEvent;
  queue: QueueEvent;
  tag: TagEvent;
  schedule: ScheduleEvent;
  quickMessage: QuickMessageEvent;
  queueIntegration: QueueIntegrationEvent;
  prompt: PromptEvent;
  contactList: ContactListEvent;
  contactListItem: ContactListItemEvent;
  campaign: CampaignEvent;
  file: FileListEvent;
  announcement: AnnouncementEvent;
  chat: ChatEvent;
  /** A confirmed payment renewed the company (to its admins, also those on the expiry page). */
  payment: PaymentEvent;
  resync: ResyncEvent;
}

export type ServerEventName = keyof ServerToClientEvents;
