import { Model } from 'objection';
import { TenantModel } from '../../platform/database/model.js';
import type { Profile } from '../../platform/auth/auth-context.js';
import { CompanyModel } from '../companies/index.js';

export interface QueueSummary {
  id: number;
  name: string;
  color: string;
}

export class UserModel extends TenantModel {
  static override tableName = 'users';

  name!: string;
  email!: string;
  passwordHash!: string;
  tokenVersion!: number;
  profile!: Profile;
  super!: boolean;
  startWork!: string;
  endWork!: string;
  farewellMessage!: string | null;
  allTicket!: string;
  allowGroup!: boolean;
  defaultTheme!: string;
  defaultMenu!: string;
  wpp!: string | null;
  whatsappId!: number | null;
  profileImage!: string | null;
  showDashboard!: string;
  allowRealTime!: string;
  allowConnections!: string;
  online!: boolean;
  language!: string | null;
  lastLogin!: Date | null;
  company?: CompanyModel;
  queues?: QueueSummary[];

  static override get relationMappings() {
    return {
      company: { relation: Model.BelongsToOneRelation, modelClass: CompanyModel, join: { from: 'users.company_id', to: 'companies.id' } },
    };
  }

  /** Never answer secrets. */
  override $formatJson(json: Record<string, unknown>) {
    const formatted = super.$formatJson(json);
    delete formatted.passwordHash;
    delete formatted.tokenVersion;
    return formatted;
  }
}
