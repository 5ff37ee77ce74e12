import { maskSettings } from './connection-settings.js';
import { TenantModel } from '../../platform/database/model.js';

/** A service-hours entry (spec 2 §3). */
export interface ServiceHours {
  weekday: string;
  weekdayEn: string;
  startTimeA: string;
  endTimeA: string;
  startTimeB: string;
  endTimeB: string;
}

/** A channel connection (the spec's "whatsapp"): one account of one channel. Every field of spec 2 §3. */
export class ConnectionModel extends TenantModel {
  static override tableName = 'connections';

  name!: string;
  number!: string | null;
  status!: string;
  channel!: string;
  isDefault!: boolean;
  /** Encrypted at rest; see connection-tokens.ts. */
  token!: string | null;
  tokenHash!: string | null;
  /** What public pages (the widget) name the connection by; not a credential. */
  publicId!: string;
  /** The channel account this connection owns (its address setting's value); unique per channel. */
  channelAddress!: string | null;
  qrcode!: string | null;
  greetingMessage!: string | null;
  complationMessage!: string | null;
  outOfHoursMessage!: string | null;
  ratingMessage!: string | null;
  maxUseBotQueues!: number;
  provider!: string;
  expiresTicket!: number;
  allowGroup!: boolean;
  groupAsTicket!: string;
  timeUseBotQueues!: number;
  timeSendQueue!: number;
  sendIdQueue!: number | null;
  /** Column expires_ticket_nps; read back as expiresTicketNps and renamed in the JSON. */
  expiresTicketNPS!: number;
  expiresInactiveMessage!: string | null;
  timeInactiveMessage!: number;
  inactiveMessage!: string | null;
  maxUseBotQueuesNPS!: number;
  whenExpiresTicket!: number;
  timeCreateNewTicket!: number;
  greetingMediaAttachment!: string | null;
  importOldMessages!: Date | null;
  importRecentMessages!: Date | null;
  importOldMessagesGroups!: boolean;
  closedTicketsPostImported!: boolean;
  integrationId!: number | null;
  wavoip!: string | null;
  promptId!: number | null;
  schedules!: ServiceHours[];
  statusImportMessages!: string | null;
  settings!: Record<string, unknown> | null;
  retries!: number;

  static override get jsonAttributes() {
    return ['settings', 'schedules'];
  }

  /** snakeCaseMappers reads expires_ticket_nps back as expiresTicketNps: give the properties the spec's names. */
  override $parseDatabaseJson(json: Record<string, unknown>) {
    const parsed = super.$parseDatabaseJson(json);
    for (const [from, to] of [
      ['expiresTicketNps', 'expiresTicketNPS'],
      ['maxUseBotQueuesNps', 'maxUseBotQueuesNPS'],
    ] as const) {
      if (from in parsed) {
        parsed[to] = parsed[from];
        delete parsed[from];
      }
    }
    return parsed;
  }

  /** The token and its hash never leave the server in a list; the owner reads it in full on demand. */
  override $formatJson(json: Record<string, unknown>) {
    const formatted = super.$formatJson(json);
    delete formatted.tokenHash;
    delete formatted.token;
    delete formatted.channelAddress;
    formatted.settings = maskSettings(formatted.settings);
    return formatted;
  }
}
