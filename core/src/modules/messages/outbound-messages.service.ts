import { inject, injectable, multiInject, optional } from '@switchboard/sdk';
import { AppError } from '../../platform/http/app-error.js';
import { MediaStorage } from '../../platform/media/media-storage.js';
import { TicketEvents } from '../realtime/index.js';
import { Tenancy } from '../../platform/tenancy.js';
import { TicketModel } from '../tickets/index.js';
import { MessageModel } from './message.model.js';
import { MessageDelivery } from './message-delivery.js';
import {
  OutboundMessageListener,
  type BatchMessage,
  type OutboundMessages,
  type SendOptions,
  type StoredFile,
} from './outbound-messages.js';
import { mediaTypeOf } from '../../platform/media/media-type.js';
import { pgArray, textArray } from '../../platform/database/pg-arrays.js';
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
      const created = await trx.insert(MessageModel, outgoingRow(ticket, body, file, options));
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
    await this.afterStored(ticket, patched, message, options);
    return message;
  }

  async sendMany(options: { companyId: number; messages: BatchMessage[] }): Promise<(MessageModel | undefined)[]> {
    if (options.messages.length === 0) return [];
    const scope = this.tenancy.of(options.companyId);
    const ids = [...new Set(options.messages.map((message) => message.ticketId))];
    const tickets = new Map(
      (await scope.query(TicketModel).whereIn('tickets.id', ids).withGraphJoined('contact')).map((ticket) => [ticket.id, ticket]),
    );
    const wanted = await Promise.all(
      options.messages.map(async (message) => {
        const ticket = tickets.get(message.ticketId);
        if (!ticket) return undefined;
        const body = await this.template.fill({ ticket, userId: null, body: message.body });
        return { ticket, body, message };
      }),
    );
    const ready = wanted.filter((item): item is NonNullable<typeof item> => item !== undefined);
    if (ready.length < wanted.length) throw AppError.notFound('ERR_NO_TICKET_FOUND');
    const stored = await this.tenancy.transaction(options.companyId, async (trx) => {
      // A message whose origin was stored before is skipped by the unique index, not stored twice.
      const created = (await MessageModel.query(trx.connection)
        .insert(
          ready.map(({ ticket, body, message }) => ({
            ...outgoingRow(ticket, body, message.storedMedia, { userId: null, origin: message.origin }),
            companyId: options.companyId,
          })) as Partial<MessageModel>[],
        )
        .onConflict()
        .ignore()
        .returning('*')) as unknown as MessageModel[];
      if (created.length === 0) return { created, patched: new Map<number, TicketModel>() };
      // Each ticket's card shows the last of its messages here.
      const last = new Map(created.map((message) => [message.ticketId, message]));
      const patched = await trx.raw(
        `update tickets t set last_message = v.last_message, last_message_type = v.media_type, from_me = true, updated_at = now()
           from (select unnest(?::int[]) as id, unnest(?::text[]) as last_message, unnest(?::text[]) as media_type) v
          where t.id = v.id and t.company_id = ?
         returning t.*`,
        [
          pgArray([...last.keys()]),
          textArray([...last.values()].map((message) => message.body || String(message.data?.fileName ?? ''))),
          textArray([...last.values()].map((message) => message.mediaType ?? 'chat')),
          options.companyId,
        ],
      );
      const rows = (patched as { rows: Record<string, unknown>[] }).rows;
      return { created, patched: new Map(rows.map((row) => [Number(row.id), TicketModel.fromDatabaseJson(row)])) };
    });
    const byOrigin = new Map(stored.created.map((message) => [originKey(message.data?.origin), message]));
    const byConnection = new Map<number, number[]>();
    for (const message of stored.created) {
      if (message.whatsappId) byConnection.set(message.whatsappId, [...(byConnection.get(message.whatsappId) ?? []), message.id]);
    }
    // Queued in groups: a connection's sends of a campaign go out without a queue round each.
    for (const [whatsappId, ids] of byConnection) await this.delivery.enqueueMany({ companyId: options.companyId, whatsappId, ids });
    for (const message of stored.created) {
      const ticket = tickets.get(message.ticketId)!;
      await this.afterStored(
        ticket,
        stored.patched.get(ticket.id),
        message,
        { userId: null, origin: message.data?.origin as Origin },
        false,
      );
    }
    return options.messages.map((message) => byOrigin.get(originKey(message.origin)));
  }

  /** The message's event with its ticket's new card, its delivery queued (unless the caller queues it), and the listeners told. */
  private async afterStored(
    ticket: TicketModel,
    patched: TicketModel | undefined,
    message: MessageModel,
    options: Pick<SendOptions, 'userId' | 'isPrivate' | 'origin'>,
    enqueue = true,
  ): Promise<void> {
    const current = patched ? Object.assign(patched, { contact: ticket.contact }) : ticket;
    // The ticket's update travels inside the message's event (see MessageStep).
    this.events.message(current, { action: 'create', message: message.toJSON(), ticket: current.toJSON() });
    if (options.isPrivate) return;
    if (enqueue && ticket.whatsappId)
      await this.delivery.enqueue({ companyId: ticket.companyId, id: message.id, whatsappId: ticket.whatsappId });
    const stored = { companyId: ticket.companyId, ticketId: ticket.id, whatsappId: ticket.whatsappId, ticketStatus: ticket.status };
    for (const listener of this.listeners) await listener.afterStored({ ...stored, userId: options.userId, origin: options.origin });
  }
}

type Origin = Record<string, number | string>;

/** An origin as one comparable text (the insert answers only the rows it stored, in no promised order). */
function originKey(origin: unknown): string {
  return JSON.stringify(Object.entries((origin ?? {}) as Origin).sort(([a], [b]) => a.localeCompare(b)));
}

/** The stored row of an outgoing message (before its id): what send and sendMany both write. */
function outgoingRow(
  ticket: TicketModel,
  body: string,
  file: StoredFile | undefined,
  options: Pick<SendOptions, 'userId' | 'isPrivate' | 'isForwarded' | 'quotedMsgId' | 'vCard' | 'media' | 'origin' | 'template'>,
): Partial<MessageModel> {
  return {
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
      file || options.origin || options.template
        ? {
            ...(file ? { fileName: file.fileName, mimeType: file.mimeType } : {}),
            ...(options.media?.asVoiceNote ? { voiceNote: true } : {}),
            ...(options.origin ? { origin: options.origin } : {}),
            ...(options.template ? { template: options.template } : {}),
          }
        : null,
  } as Partial<MessageModel>;
}
