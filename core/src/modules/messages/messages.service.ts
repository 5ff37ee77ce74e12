import { inject, injectable } from '@switchboard/sdk';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { RealtimeBus, rooms } from '../../platform/realtime/realtime-bus.js';
import { Tenancy } from '../../platform/tenancy.js';
import { CompanySettingModel } from '../settings/company-setting.model.js';
import { TicketModel } from '../tickets/ticket.model.js';
import { MessageModel } from './message.model.js';
import { OutboundMessages } from './outbound-messages.js';

const PAGE_SIZE = 20;

/** A ticket's conversation as agents read and write it. */
@injectable()
export class MessagesService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(OutboundMessages) private readonly outbound: OutboundMessages,
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
  ) {}

  /** Newest page first (pageNumber 1 = the latest messages), each page in chronological order; opening it reads it. */
  async list(options: { auth: AuthContext; ticketId: number; pageNumber: number }) {
    const scope = this.tenancy.of(options.auth.companyId);
    const ticket = await scope.findOrFail(TicketModel, options.ticketId, 'ERR_NO_TICKET_FOUND');
    const rows = await scope
      .query(MessageModel)
      .where('ticket_id', ticket.id)
      .withGraphFetched('quotedMsg')
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(PAGE_SIZE + 1)
      .offset((options.pageNumber - 1) * PAGE_SIZE);
    const hasMore = rows.length > PAGE_SIZE;
    if (ticket.unreadMessages > 0) {
      await scope
        .query(TicketModel)
        .findById(ticket.id)
        .patch({ unreadMessages: 0 } as Partial<TicketModel>);
      await scope
        .query(MessageModel)
        .where({ ticket_id: ticket.id, read: false })
        .patch({ read: true } as Partial<MessageModel>);
      this.realtime.emit(rooms.company(options.auth.companyId), 'ticket', { action: 'updateUnread', ticketId: ticket.id });
    }
    return { messages: rows.slice(0, PAGE_SIZE).reverse(), ticket, hasMore };
  }

  async send(options: {
    auth: AuthContext;
    ticketId: number;
    body: string;
    isPrivate: boolean;
    quotedMsgId?: number;
    vCard?: string;
    files: Express.Multer.File[];
  }): Promise<MessageModel[]> {
    const { auth } = options;
    const settings = await this.tenancy.of(auth.companyId).query(CompanySettingModel).first();
    const signed = (settings as unknown as { sendSignMessage?: string } | undefined)?.sendSignMessage === 'enabled';
    const base = { companyId: auth.companyId, ticketId: options.ticketId, userId: auth.userId, isPrivate: options.isPrivate, signed };
    if (options.files.length === 0) {
      return [await this.outbound.send({ ...base, body: options.body, quotedMsgId: options.quotedMsgId, vCard: options.vCard })];
    }
    // One message per file; the text goes with the first.
    const sent: MessageModel[] = [];
    for (const [index, file] of options.files.entries()) {
      sent.push(
        await this.outbound.send({
          ...base,
          body: index === 0 ? options.body : '',
          quotedMsgId: index === 0 ? options.quotedMsgId : undefined,
          media: { data: file.buffer, fileName: file.originalname, mimeType: file.mimetype },
        }),
      );
    }
    return sent;
  }
}
