import { Model } from 'objection';
import { TenantModel } from '../../platform/database/model.js';
import { ConnectionModel } from '../connections/index.js';
import { ContactModel } from '../contacts/index.js';
import { UserModel } from '../users/index.js';

/**
 * PENDENTE (waiting, the default) | AGENDADA (enqueued) | ENVIANDO (claimed by a dispatcher; `updatedAt` is the
 * claim time) | ENVIADA (sent) | ERRO (failed, `lastError` says why).
 */
export type ScheduleStatus = 'PENDENTE' | 'AGENDADA' | 'ENVIANDO' | 'ENVIADA' | 'ERRO';

/** A message to send to a contact at `sendAt` (spec 1 §3, spec 3 §3 "Schedule"). */
export class ScheduleModel extends TenantModel {
  static override tableName = 'schedules';

  body!: string;
  sendAt!: Date;
  sentAt!: Date | null;
  status!: ScheduleStatus;
  contactId!: number;
  ticketId!: number | null;
  userId!: number | null;
  whatsappId!: number | null;
  queueId!: number | null;
  mediaPath!: string | null;
  mediaName!: string | null;
  attempts!: number;
  lastError!: string | null;
  contact?: Pick<ContactModel, 'id' | 'name' | 'number'>;
  user?: Pick<UserModel, 'id' | 'name'> | null;
  whatsapp?: Pick<ConnectionModel, 'id' | 'name'> | null;

  static override get relationMappings() {
    return {
      contact: {
        relation: Model.BelongsToOneRelation,
        modelClass: ContactModel,
        join: { from: 'schedules.contact_id', to: 'contacts.id' },
      },
      user: { relation: Model.BelongsToOneRelation, modelClass: UserModel, join: { from: 'schedules.user_id', to: 'users.id' } },
      whatsapp: {
        relation: Model.BelongsToOneRelation,
        modelClass: ConnectionModel,
        join: { from: 'schedules.whatsapp_id', to: 'connections.id' },
      },
    };
  }
}
