import { TenantModel } from '../../platform/database/model.js';

/** A named list of recipients for campaigns (spec 3 §3 "Contact list"); contactsCount is computed when listed. */
export class ContactListModel extends TenantModel {
  static override tableName = 'contact_lists';

  name!: string;
  contactsCount?: number;
}

/**
 * One recipient of a contact list (spec 3 §3 "Contact list item"). `number` holds digits only. isWhatsappValid is
 * false until the company's default connection has checked the number (WhatsappNumberChecks).
 */
export class ContactListItemModel extends TenantModel {
  static override tableName = 'contact_list_items';

  contactListId!: number;
  name!: string;
  number!: string;
  email!: string;
  isWhatsappValid!: boolean;
}
