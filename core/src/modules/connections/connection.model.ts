import { TenantModel } from '../../platform/database/model.js';

/** A channel connection (the spec's "whatsapp"): one account of one channel. */
export class ConnectionModel extends TenantModel {
  static override tableName = 'connections';

  name!: string;
  number!: string | null;
  status!: string;
  channel!: string;
  isDefault!: boolean;
  /** Encrypted at rest; see ConnectionTokens. */
  token!: string | null;
  tokenHash!: string | null;
  qrcode!: string | null;
  greetingMessage!: string | null;
  complationMessage!: string | null;
  outOfHoursMessage!: string | null;
  ratingMessage!: string | null;
  groupAsTicket!: string;
  allowGroup!: boolean;
  timeCreateNewTicket!: number;
  settings!: Record<string, unknown> | null;
  retries!: number;

  static override get jsonAttributes() {
    return ['settings', 'schedules'];
  }

  /** The token and its hash never leave the server in a list; the owner reads it masked or in full on demand. */
  override $formatJson(json: Record<string, unknown>) {
    const formatted = super.$formatJson(json);
    delete formatted.tokenHash;
    delete formatted.token;
    return formatted;
  }
}
