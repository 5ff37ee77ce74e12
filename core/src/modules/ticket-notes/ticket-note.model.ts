import { Model } from 'objection';
import { TenantModel } from '../../platform/database/model.js';
import { UserModel } from '../users/index.js';

/** An internal note on a ticket and its contact (spec 1 §3 "Ticket note"), written by a user. */
export class TicketNoteModel extends TenantModel {
  static override tableName = 'ticket_notes';

  note!: string;
  userId!: number | null;
  ticketId!: number | null;
  contactId!: number | null;
  user?: Pick<UserModel, 'id' | 'name'> | null;

  static override get relationMappings() {
    return {
      user: { relation: Model.BelongsToOneRelation, modelClass: UserModel, join: { from: 'ticket_notes.user_id', to: 'users.id' } },
    };
  }
}
