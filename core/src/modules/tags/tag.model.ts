import { TenantModel } from '../../platform/database/model.js';

/** A company's tag: labels contacts (contact_tags) and, when `kanban` is 1, is a kanban lane for tickets (ticket_tags). */
export class TagModel extends TenantModel {
  static override tableName = 'tags';

  name!: string;
  color!: string | null;
  /** 1 = a kanban lane, 0 = a plain tag. */
  kanban!: number;
  userId!: number | null;
  /** Tickets carrying the tag (lists only). */
  ticketsCount?: number;
  /** Contacts carrying the tag (lists only). */
  contactsCount?: number;
}

/** What a contact or ticket shows of each of its tags. */
export interface TagSummary {
  id: number;
  name: string;
  color: string | null;
  kanban: number;
}
