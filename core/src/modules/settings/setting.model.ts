import { TenantModel } from '../../platform/database/model.js';

/** A key/value setting of a company (the platform's own, such as userCreation, live on company 1). */
export class SettingModel extends TenantModel {
  static override tableName = 'settings';
  key!: string;
  value!: string | null;
}
