import { Model } from 'objection';
import type { TicketStatus } from '@switchboard/sdk';
import { TenantModel } from '../../platform/database/model.js';
import { ContactModel } from '../contacts/index.js';
import { ConnectionModel } from '../connections/index.js';

export class TicketModel extends TenantModel {
  static override tableName = 'tickets';

  uuid!: string;
  status!: TicketStatus;
  isGroup!: boolean;
  isBot!: boolean;
  channel!: string;
  queueId!: number | null;
  userId!: number | null;
  whatsappId!: number | null;
  contactId!: number;
  unreadMessages!: number;
  lastMessage!: string;
  /** The last message's mediaType (chat, image, locationMessage, contactMessage...), for the card (spec 1 §2). */
  lastMessageType!: string | null;
  fromMe!: boolean;
  useIntegration!: boolean;
  integrationId!: number | null;
  promptId!: number | null;
  protocol!: string | null;
  amountUsedBotQueues!: number;
  chatbotId!: number | null;
  /** The first time the ticket turned open (written by the database, migration 0029). */
  acceptedAt!: Date | null;
  closedAt!: Date | null;
  contact?: ContactModel;
  whatsapp?: ConnectionModel;

  static override get relationMappings() {
    return {
      contact: { relation: Model.BelongsToOneRelation, modelClass: ContactModel, join: { from: 'tickets.contact_id', to: 'contacts.id' } },
      whatsapp: {
        relation: Model.BelongsToOneRelation,
        modelClass: ConnectionModel,
        join: { from: 'tickets.whatsapp_id', to: 'connections.id' },
      },
    };
  }
}
