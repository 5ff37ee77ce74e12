import { TenantModel } from '../../platform/database/model.js';

/** An announcement (spec 3 §3). Platform content: every row belongs to the super company (1). */
export class AnnouncementModel extends TenantModel {
  static override tableName = 'announcements';

  title!: string;
  text!: string;
  priority!: 1 | 2 | 3;
  status!: boolean;
  mediaPath!: string | null;
  mediaName!: string | null;
}
