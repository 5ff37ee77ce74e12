import { inject, injectable, type ConnectionInfo, type InboundEvent } from '@switchboard/sdk';
import { Database } from '../../platform/database/database.js';
import { audienceOf, TicketEvents } from '../realtime/ticket-audience.js';
import { camelRow } from './core-steps.js';

type NonMessageEvent = Exclude<InboundEvent, { type: 'message' }>;

/** Acks, edits, deletes, reactions, presence and calls reported by a channel, applied to what is stored. */
@injectable()
export class ChannelEvents {
  constructor(
    @inject(Database) private readonly database: Database,
    @inject(TicketEvents) private readonly events: TicketEvents,
  ) {}

  async apply(connection: ConnectionInfo, event: NonMessageEvent): Promise<void> {
    const knex = this.database.knex;
    const byExternalId = (externalId: string) => knex('messages').where({ whatsapp_id: connection.id, external_id: externalId });
    switch (event.type) {
      case 'ack': {
        // Acks only move forward: a late "delivered" never undoes "read".
        const [row] = await byExternalId(event.externalId)
          .where('ack', '<', event.ack)
          .update({ ack: event.ack, updated_at: new Date() })
          .returning('*');
        if (row) await this.announce(row);
        return;
      }
      case 'edit': {
        const [row] = await byExternalId(event.externalId)
          .update({ body: event.body, is_edited: true, edited_at: new Date(), updated_at: new Date() })
          .returning('*');
        if (row) await this.announce(row);
        return;
      }
      case 'delete': {
        const [row] = await byExternalId(event.externalId).update({ is_deleted: true, updated_at: new Date() }).returning('*');
        if (row) await this.announce(row);
        return;
      }
      case 'reaction': {
        const target = await byExternalId(event.targetExternalId).first('id', 'ticket_id', 'contact_id');
        if (!target) return;
        const [row] = await knex('messages')
          .insert({
            company_id: connection.companyId,
            ticket_id: target.ticket_id,
            contact_id: target.contact_id,
            whatsapp_id: connection.id,
            external_id: event.externalId,
            body: event.emoji,
            from_me: event.fromMe,
            media_type: 'reactionMessage',
            quoted_msg_id: target.id,
          })
          .onConflict(['whatsapp_id', 'external_id'])
          .ignore()
          .returning('*');
        if (row) await this.announce(row, 'create');
        return;
      }
      case 'presence': {
        const ticket = await knex('tickets as t')
          .join('contacts as c', 'c.id', 't.contact_id')
          .where({ 't.whatsapp_id': connection.id, 'c.number': event.chat.address, 'c.company_id': connection.companyId })
          .whereIn('t.status', ['open', 'pending', 'group'])
          .first('t.id', 't.company_id', 't.status', 't.queue_id', 't.user_id');
        if (ticket) this.events.presence(audienceOf(ticket), event.presence);
        return;
      }
      case 'call':
        // Call logs become messages once the channel plugins report them (the WhatsApp issue).
        return;
    }
  }

  private async announce(row: Record<string, unknown>, action: 'create' | 'update' = 'update'): Promise<void> {
    const ticket = await this.database
      .knex('tickets')
      .where('id', row.ticket_id as number)
      .first('id', 'company_id', 'status', 'queue_id', 'user_id');
    if (ticket) this.events.message(audienceOf(ticket), { action, message: camelRow(row) });
  }
}
