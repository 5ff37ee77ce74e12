import { TenantModel } from '../../platform/database/model.js';

/** A person or group a company talks to on one channel; unique per (company, channel, number). */
export class ContactModel extends TenantModel {
  static override tableName = 'contacts';

  name!: string;
  number!: string;
  email!: string | null;
  urlPicture!: string | null;
  profilePicUrl!: string | null;
  active!: boolean;
  channel!: string;
  isGroup!: boolean;
  disableBot!: boolean;
  acceptAudioMessage!: boolean;
  lgpdAcceptedAt!: Date | null;
  whatsappId!: number | null;
}
