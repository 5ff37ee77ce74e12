import { TenantModel } from '../../platform/database/model.js';

/** One entry of a contact's extraInfo [{id, name, value}]. */
export class ContactCustomFieldModel extends TenantModel {
  static override tableName = 'contact_custom_fields';

  contactId!: number;
  name!: string;
  value!: string;
}
