import { inject, injectable, type ConnectionInfo, type InboundEvent } from '@switchboard/sdk';
import type { TenantScope } from '../../platform/database/model.js';
import { MediaStorage } from '../../platform/media/media-storage.js';
import { Tenancy } from '../../platform/tenancy.js';
import { audienceOf, TicketEvents } from '../realtime/index.js';
import { CompanySettings } from '../settings/index.js';
import { camelRow } from './core-steps.js';

/** What a deleted message shows when the company erases deleted content (lgpdDeleteMessage). */
export const DELETED_MESSAGE_BODY = '🚫 _Mensagem apagada_';

type NonMessageEvent = Exclude<InboundEvent, { type: 'message' }>;
type TicketAudienceRow = Parameters<typeof audienceOf>[0];

/** Acks, edits, deletes, reactions, presence and calls reported by a channel, applied to what is stored. */
@injectable()
export class ChannelEvents {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(TicketEvents) private readonly events: TicketEvents,
    @inject(CompanySettings) private readonly settings: CompanySettings,
    @inject(MediaStorage) private readonly media: MediaStorage,
  ) {}

  async apply(connection: ConnectionInfo, event: NonMessageEvent): Promise<void> {
    // The connection's own company: what a channel reports never touches another company's rows.
    const scope = this.tenancy.of(connection.companyId);
    const byExternalId = (externalId: string) => scope.table('messages').where({ whatsapp_id: connection.id, external_id: externalId });
    switch (event.type) {
      case 'ack': {
        if (event.failure) {
          // The channel gave up on the message: it shows why, as a send the server could not make does.
          const [failed] = await byExternalId(event.externalId)
            .update({
              data: scope.raw(`coalesce(data, '{}'::jsonb) || jsonb_build_object('sendError', ?::text)`, [event.failure]),
              updated_at: new Date(),
            })
            .returning('*');
          if (failed) await this.announce(scope, { ...failed, send_error: event.failure });
          return;
        }
        // Acks only move forward: a late "delivered" never undoes "read".
        const [row] = await byExternalId(event.externalId)
          .where('ack', '<', event.ack)
          .update({ ack: event.ack, updated_at: new Date() })
          .returning('*');
        if (row) await this.announce(scope, row);
        return;
      }
      case 'edit': {
        const [row] = await byExternalId(event.externalId)
          .update({ body: event.body, is_edited: true, edited_at: new Date(), updated_at: new Date() })
          .returning('*');
        if (row) await this.announce(scope, row);
        return;
      }
      case 'delete': {
        // lgpdDeleteMessage enabled: what the contact deleted is erased (text and file); otherwise it stays readable,
        // marked deleted.
        const { lgpdDeleteMessage } = await this.settings.read(connection.companyId);
        const stored = lgpdDeleteMessage ? await byExternalId(event.externalId).first('media_url') : undefined;
        const erased = lgpdDeleteMessage ? { body: DELETED_MESSAGE_BODY, media_url: null } : {};
        const [row] = await byExternalId(event.externalId)
          .update({ is_deleted: true, ...erased, updated_at: new Date() })
          .returning('*');
        // A forwarded copy shares the file: it goes only with its last message.
        const sharedFile = stored?.media_url ? await scope.table('messages').where('media_url', stored.media_url).first('id') : undefined;
        if (stored?.media_url && !sharedFile) await this.media.remove(stored.media_url as string).catch(() => undefined);
        if (row) await this.announce(scope, row);
        return;
      }
      case 'reaction': {
        const target = await byExternalId(event.targetExternalId).first('id', 'ticket_id', 'contact_id');
        if (!target) return;
        const [row] = await scope
          .insertInto('messages', {
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
        if (row) await this.announce(scope, row, 'create');
        return;
      }
      case 'presence': {
        const ticket = await scope
          .table('tickets as t')
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

  private async announce(scope: TenantScope, row: Record<string, unknown>, action: 'create' | 'update' = 'update'): Promise<void> {
    const ticket = await scope
      .table<TicketAudienceRow>('tickets')
      .where('id', row.ticket_id as number)
      .first('id', 'company_id', 'status', 'queue_id', 'user_id');
    if (ticket) this.events.message(audienceOf(ticket), { action, message: camelRow(row) });
  }
}
