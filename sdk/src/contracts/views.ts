/**
 * Records as the API and the socket answer them to the web app (spec 1 §3, spec 2 §3). Both the server's emits
 * (through the socket event map) and the web's screens are typed by these, so a disagreement fails a build.
 */
import type { ConnectionStatus, TicketStatus as SdkTicketStatus } from '../domain.js';

export type { ConnectionStatus };

/** One day of weekly service hours (spec 2 §3): two periods, A and B, each "HH:MM" or "" when unused. */
export interface ServiceHoursEntry {
  /** The pt-BR day name the server stores, e.g. "Segunda-feira". */
  weekday: string;
  weekdayEn: Weekday;
  startTimeA: string;
  endTimeA: string;
  startTimeB: string;
  endTimeB: string;
}

export type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

/** Every status a ticket can show: the sdk's, plus core's own 'lgpd' and 'nps' (waiting for the contact's answer). */
export type TicketStatus = SdkTicketStatus | 'lgpd' | 'nps';

/**
 * A ticket's own columns and its contact: what the update after an incoming message carries. The joined queue,
 * user, connection and tags may be missing there; the API's answers always have them (Ticket).
 */
export interface TicketRow {
  id: number;
  uuid: string;
  status: TicketStatus;
  isGroup: boolean;
  isBot?: boolean;
  channel: string;
  queueId: number | null;
  queue?: { id: number; name: string; color: string } | null;
  userId: number | null;
  user?: { id: number; name: string; color: string | null } | null;
  whatsappId: number | null;
  whatsapp?: { id: number; name: string; channel: string; groupAsTicket: string; wavoip: string | null } | null;
  contactId: number;
  contact: Contact | null;
  tags?: { id: number; name: string; color: string | null }[];
  unreadMessages: number;
  lastMessage: string | null;
  /** The last message's mediaType: the card names a location or a contact card by it (spec 1 §2). */
  lastMessageType?: string | null;
  updatedAt: string;
  presence?: string | null;
  useIntegration?: boolean;
  protocol?: string | null;
  [field: string]: unknown;
}

/** A ticket as the API answers it (spec 1 §3). */
export interface Ticket extends TicketRow {
  queue: { id: number; name: string; color: string } | null;
  user: { id: number; name: string; color: string | null } | null;
  whatsapp: { id: number; name: string; channel: string; groupAsTicket: string; wavoip: string | null } | null;
  tags: { id: number; name: string; color: string | null }[];
}

/** A contact as the API answers it (spec 1 §3). */
export interface Contact {
  id: number;
  name: string;
  number: string;
  email: string | null;
  profilePicUrl?: string | null;
  urlPicture?: string | null;
  active: boolean;
  channel: string | null;
  isGroup: boolean;
  disableBot: boolean;
  acceptAudioMessage: boolean;
  lgpdAcceptedAt?: string | null;
  tags?: { id: number; name: string; color: string | null }[];
  extraInfo?: { id?: number; name: string; value: string }[];
  [field: string]: unknown;
}

/** A message as the API answers it (spec 1 §3). */
export interface Message {
  id: number;
  ticketId: number;
  contactId: number | null;
  userId: number | null;
  body: string;
  fromMe: boolean;
  read: boolean;
  mediaType: string | null;
  mediaUrl: string | null;
  quotedMsgId: number | null;
  quotedMsg?: Message | null;
  isPrivate: boolean;
  isDeleted: boolean;
  isEdited: boolean;
  isForwarded: boolean;
  editedAt?: string | null;
  vCard: string | null;
  ack: number;
  participant?: string | null;
  participantName?: string | null;
  contact?: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
  [field: string]: unknown;
}

/** Live progress of a history import (spec 2 §4): `this` is -1 while the import prepares. */
export interface ImportProgress {
  this: number;
  all: number;
  date?: string;
}

/** A channel connection as GET /whatsapp and GET /whatsapp/:id answer it (spec 2 §3). */
export interface Connection {
  id: number;
  name: string;
  channel: string;
  status: ConnectionStatus;
  isDefault: boolean;
  number?: string | null;
  qrcode?: string | null;
  updatedAt?: string;
  queues?: { id: number; name: string; color: string }[];
  schedules?: ServiceHoursEntry[];
  settings?: Record<string, unknown>;
  greetingMediaAttachment?: string | null;
  importOldMessages?: string | null;
  importRecentMessages?: string | null;
  statusImportMessages?: string | null;
  /** GET /whatsapp/:id only, and the answers of POST /whatsapp and of a token regeneration. */
  token?: string | null;
  /** What public pages name the connection by (the widget's address); not a credential. */
  publicId?: string;
  /** Kept by this client from the `importMessages` event, never sent by the server in a record. */
  importProgress?: ImportProgress;
  [field: string]: unknown;
}

/** One settings field of a channel plugin as GET /plugins describes it (PluginSettingField without the server-only `address`): the web renders it as a form control. */
export interface ChannelSettingField {
  key: string;
  type: 'string' | 'text' | 'number' | 'boolean' | 'select' | 'url';
  /** An i18n key (`channels.<channel>.settings.*`) or plain text. */
  label: string;
  help?: string;
  required?: boolean;
  /** Stored encrypted and answered masked. */
  secret?: boolean;
  options?: { value: string; label: string }[];
  default?: string | number | boolean;
}

/** Spec 2 §3 chatbot option types: reply with text, hand to an attendant, a queue, an integration or a file. */
export type ChatbotOptionType = 'text' | 'attendent' | 'queue' | 'integration' | 'file';

/** One option of a queue's chatbot menu, with its nested options (the next level). */
export interface ChatbotOption {
  id: number;
  name: string;
  queueId: number | null;
  chatbotId: number | null;
  greetingMessage: string;
  queueType: ChatbotOptionType;
  optQueueId: number | null;
  optUserId: number | null;
  optIntegrationId: number | null;
  optFileId: number | null;
  closeTicket: boolean;
  options: ChatbotOption[];
}

export interface Queue {
  id: number;
  name: string;
  color: string;
  greetingMessage: string | null;
  outOfHoursMessage: string | null;
  orderQueue: number | null;
  ativarRoteador: boolean;
  tempoRoteador: number;
  integrationId: number | null;
  fileListId: number | null;
  promptId: number | null;
  closeTicket: boolean;
  schedules: ServiceHoursEntry[];
  chatbots: ChatbotOption[];
  createdAt: string;
  updatedAt: string;
}

export interface Tag {
  id: number;
  name: string;
  color: string | null;
  /** 1 = a kanban lane, 0 = a plain tag. */
  kanban?: number;
  /** GET /tags and GET /tags/:id only. */
  contactsCount?: number;
  ticketsCount?: number;
  [field: string]: unknown;
}

export interface UserSummary {
  id: number;
  name: string;
  email?: string;
  profile?: string;
  online?: boolean;
  queues?: { id: number; name: string; color: string }[];
  [field: string]: unknown;
}

/** A user as GET /users, POST and PUT /users answer it (spec 2 §3 User), the fields the users screen shows and edits. */
export interface CompanyUser extends UserSummary {
  email: string;
  profile: string;
  startWork?: string | null;
  endWork?: string | null;
  farewellMessage?: string | null;
  allTicket?: string;
  allowGroup?: boolean;
  showDashboard?: string;
  allowRealTime?: string;
  allowConnections?: string;
  whatsappId?: number | null;
  super?: boolean;
}

/** PENDENTE (waiting) | AGENDADA (queued) | ENVIANDO (being sent) | ENVIADA (sent) | ERRO (failed, see lastError). */
export type ScheduleStatus = 'PENDENTE' | 'AGENDADA' | 'ENVIANDO' | 'ENVIADA' | 'ERRO';

/** A scheduled message as core answers it (spec 3 §3 "Schedule"). */
export interface Schedule {
  id: number;
  body: string;
  sendAt: string;
  sentAt: string | null;
  status: ScheduleStatus;
  contactId: number;
  ticketId: number | null;
  userId: number | null;
  whatsappId: number | null;
  lastError?: string | null;
  contact?: { id: number; name: string; number: string } | null;
  user?: { id: number; name: string } | null;
  whatsapp?: { id: number; name: string } | null;
  [field: string]: unknown;
}

/** A contact list (spec 3 §3), with how many items it holds. */
export interface ContactList {
  id: number;
  name: string;
  contactsCount?: number;
  [field: string]: unknown;
}

/** One recipient of a contact list (spec 3 §3); isWhatsappValid comes from the connection's number check. */
export interface ContactListItem {
  id: number;
  name: string;
  number: string;
  email: string;
  isWhatsappValid: boolean;
  companyId: number;
  contactListId: number;
  [field: string]: unknown;
}

export type CampaignStatus = 'INATIVA' | 'PROGRAMADA' | 'EM_ANDAMENTO' | 'CANCELADA' | 'FINALIZADA';

/** A campaign as /campaigns answers it (spec 3 §3). whatsappId is the comma-joined list of its connections' ids. */
export interface Campaign {
  id: number;
  name: string;
  status: CampaignStatus;
  confirmation: boolean;
  scheduledAt: string | null;
  completedAt: string | null;
  contactListId: number | null;
  tagListId: number | null;
  whatsappId: string | null;
  fileListId?: number | null;
  mediaPath: string | null;
  mediaName: string | null;
  message1?: string | null;
  message2?: string | null;
  message3?: string | null;
  message4?: string | null;
  message5?: string | null;
  confirmationMessage1?: string | null;
  confirmationMessage2?: string | null;
  confirmationMessage3?: string | null;
  confirmationMessage4?: string | null;
  confirmationMessage5?: string | null;
  contactList?: { id: number; name: string } | null;
  whatsapp?: { id: number; name: string } | null;
  /** Every connection of whatsappId, in the order sends take turns. */
  whatsapps?: { id: number; name: string }[];
  /** The report page's counts (spec 3 §2.6), in GET /campaigns/:id and the campaign event. */
  report?: CampaignReport;
  [field: string]: unknown;
}

/** Counts over a campaign's recipients (spec 3 §2.6). */
export interface CampaignReport {
  /** Recipients with a WhatsApp-valid number: the audience before launch, the recipients planned after. */
  validContacts: number;
  confirmationRequested: number;
  confirmationReceived: number;
  /** Messages the channel took. */
  delivered: number;
  /** Recipients the channel refused or that could not be reached: counted, and the campaign goes on. */
  failed: number;
}

/** One option of a file list: a named file (spec 3 §3). */
export interface FileOption {
  id: number;
  name: string;
  path: string | null;
  mediaType: string | null;
  [field: string]: unknown;
}

/** A file list: a message and its files, sent by the chatbot's file option or a queue (spec 3 §3). */
export interface FileList {
  id: number;
  name: string;
  message: string | null;
  userId: number | null;
  options: FileOption[];
  [field: string]: unknown;
}

export interface QuickMessage {
  id: number;
  shortcode: string;
  message: string | null;
  mediaPath?: string | null;
  mediaName?: string | null;
  isMedia?: boolean;
  /** Company-wide; otherwise the author's own (userId). */
  geral?: boolean;
  status?: 'active' | 'inactive';
  userId?: number | null;
  /** A category entry (its shortcode is the category's name) groups replies; it is never sent itself. */
  isCategory?: boolean;
  /** The category entry this reply is filed under. */
  categoryId?: number | null;
  [field: string]: unknown;
}

/**
 * A queue integration as /queueIntegration answers it (spec 3 §3): the spec's fields, then the plugin's own declared
 * settings (GET /plugins describes them). Secrets (jsonContent, secret settings) are answered '********' when set;
 * sending that back keeps the stored value.
 */
export interface QueueIntegration {
  id: number;
  /** The integration plugin's type: 'typebot', 'n8n', 'dialogflow', 'webhook', ... */
  type: string;
  name: string;
  projectName: string | null;
  jsonContent: string | null;
  language: string | null;
  urlN8N: string | null;
  typebotSlug: string | null;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string | null;
  typebotKeywordRestart: string | null;
  typebotUnknownMessage: string | null;
  typebotRestartMessage: string | null;
  settings: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/** An AI prompt as /prompt answers it (spec 3 §3): apiKey and voiceKey are answered '********' when set. */
export interface Prompt {
  id: number;
  name: string;
  prompt: string;
  /** 'texto' (answers in text) or an Azure neural voice name. */
  voice: string;
  voiceKey: string | null;
  voiceRegion: string | null;
  maxTokens: number;
  temperature: number;
  apiKey: string | null;
  queueId: number | null;
  maxMessages: number;
  /** What the AI plugin declares beyond these fields (its description in GET /plugins), secrets masked. */
  settings: Record<string, unknown>;
  queue?: { id: number; name: string; color: string } | null;
  createdAt: string;
  updatedAt: string;
}
