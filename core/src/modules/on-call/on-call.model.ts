import { TenantModel } from '../../platform/database/model.js';
import type { OnCallDay } from './on-call-shift.js';

/** An on-call entry (spec 3 §3): a user of the company on call at a phone, by weekday, told every `interval` minutes. */
export class OnCallEntryModel extends TenantModel {
  static override tableName = 'on_call_entries';

  static override get jsonAttributes() {
    return ['days'];
  }

  userId!: number;
  phone!: string;
  interval!: number;
  days!: OnCallDay[];
  lastNotifiedAt!: Date | null;
}
