import { TenantModel } from '../../platform/database/model.js';

/** A help video entry. Platform content: every row belongs to the super company (1). */
export class HelpModel extends TenantModel {
  static override tableName = 'helps';

  title!: string;
  video!: string | null;
  description!: string | null;
}
