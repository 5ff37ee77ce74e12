import { inject, injectable, multiInject, optional } from '@switchboard/sdk';
import { AppError } from '../../platform/http/app-error.js';
import { MediaStorage } from '../../platform/media/media-storage.js';
import { TicketEvents } from '../realtime/index.js';
import { Tenancy } from '../../platform/tenancy.js';
import { TicketModel } from '../tickets/index.js';
import { MessageModel } from './message.model.js';
import { MessageDelivery } from './message-delivery.js';
import { OutboundMessageListener, type OutboundMessages, type SendOptions } from './outbound-messages.js';
import { mediaTypeOf } from '../../platform/media/media-type.js';
import { TicketMessageTemplate } from './ticket-message-template.js';

@injectable()
export class OutboundMessagesService implements OutboundMessages {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(MediaStorage) private readonly media: MediaStorage,
    @inject(MessageDelivery) private readonly delivery: MessageDelivery,
    @inject(TicketEvents) private readonly events: TicketEvents,
    @inject(TicketMessageTemplate) private readonly template: TicketMessageTemplate,
    // Whatever modules bind (routing's inactivity timers); none is fine.
    @multiInject(OutboundMessageListener) @optional() private readonly listeners: OutboundMessageListener[] = [],
  ) {}

  async send(options: SendOptions): Promise<MessageModel> {
    const scope = this.tenancy.of(options.companyId);
    // With its contact, for the event's ticket view: one joined read instead of a second one after storing.
    const ticket = await scope.query(TicketModel).findById(options.ticketId).withGraphJoined('contact');
    if (!ticket) throw AppError.notFound('ERR_NO_TICKET_FOUND');
    if (options.quotedMsgId) {
      const quoted = await scope.query(MessageModel).findById(options.quotedMsgId).where('ticket_id', ticket.id);
      if (!quoted)
        throw new AppError('ERR_VALIDATION', 400, {
          message: 'The quoted message is not in this ticket',
          fields: { quotedMsg: 'Mensagem citada inválida' },
        });
    }
    let body = await this.template.fill({ ticket, userId: options.userId, body: options.body });
    if (options.signed && options.userId && body.trim()) {
      const user = await scope.table('users').where('id', options.userId).first('name');
      if (user) body = `*${user.name}:*\n${body}`;
    }
    const saved = options.media
      ? await this.media.save({
          companyId: options.companyId,
          folder: `messages/${ticket.id}`,
          fileName: `${Date.now()}-${options.media.fileName}`,
          data: options.media.data,
        })
      : undefined;
    const file = options.media
      ? {
          path: saved!.path,
          fileName: options.media.fileName,
          mimeType: options.media.mimeType,
          mediaType: mediaTypeOf(options.media.mimeType),
        }
      : options.storedMedia;
    const { message, patched } = await this.tenancy.transaction(options.companyId, async (trx) => {
      const created = await trx.insert(MessageModel, {
        ticketId: ticket.id,
        contactId: ticket.contactId,
        whatsappId: ticket.whatsappId,
        queueId: ticket.queueId,
        userId: options.userId,
        body,
        fromMe: true,
        read: true,
        ack: 0,
        isPrivate: Boolean(options.isPrivate),
        isForwarded: Boolean(options.isForwarded),
        quotedMsgId: options.quotedMsgId ?? null,
        vCard: options.vCard ?? null,
        // A contact card the agent sends is a contactMessage (spec 1 §3), shown and listed as 'Contato'.
        mediaType: file ? file.mediaType : options.vCard ? 'contactMessage' : 'chat',
        mediaUrl: file?.path ?? null,
        data:
          file || options.origin
            ? {
                ...(file ? { fileName: file.fileName, mimeType: file.mimeType } : {}),
                ...(options.media?.asVoiceNote ? { voiceNote: true } : {}),
                ...(options.origin ? { origin: options.origin } : {}),
              }
            : null,
      } as Partial<MessageModel>);
      // The card shows what went last and when, whoever sent it (spec 1 §2).
      const updated = options.isPrivate
        ? undefined
        : ((await trx
            .query(TicketModel)
            .findById(ticket.id)
            .patch({ lastMessage: body || file?.fileName || '', lastMessageType: created.mediaType, fromMe: true } as Partial<TicketModel>)
            .returning('*')) as unknown as TicketModel | undefined);
      return { message: created, patched: updated };
    });
    const current = patched ? Object.assign(patched, { contact: ticket.contact }) : ticket;
    const ticketView = current.toJSON();
    // The ticket's update travels inside the message's event (see MessageStep).
    this.events.message(current, { action: 'create', message: message.toJSON(), ticket: ticketView });
    if (!options.isPrivate && ticket.whatsappId) {
      await this.delivery.enqueue({ companyId: options.companyId, id: message.id, whatsappId: ticket.whatsappId });
    }
    if (!options.isPrivate) {
      const stored = { companyId: options.companyId, ticketId: ticket.id, ticketStatus: ticket.status, userId: options.userId };
      for (const listener of this.listeners) await listener.afterStored({ ...stored, origin: options.origin });
    }
    return message;
  }
}
