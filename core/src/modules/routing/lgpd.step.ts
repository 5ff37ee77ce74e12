import { inject, injectable, conversationSteps, type ConversationHandler, type InboundContext } from '@switchboard/sdk';
import { Clock } from '../../platform/clock.js';
import { Tenancy } from '../../platform/tenancy.js';
import { botMayAnswer, isContactsLiveMessage } from './contact-preferences.step.js';
import { ConversationClosing } from './conversation-closing.js';
import { RoutedTickets, type RoutingChange } from './routed-tickets.js';
import { RoutingSettings, type CompanyRoutingOptions } from './routing-settings.js';
import { customerText } from '../messages/index.js';

/** The company's privacy notice: its message and, when set, its link. */
function privacyNotice(company: CompanyRoutingOptions): string {
  return [company.lgpdMessage.trim(), company.lgpdLink.trim()].filter(Boolean).join('\n\n');
}

/** The notice followed by the question the contact answers with 1 or 2. */
function consentQuestion(company: CompanyRoutingOptions): string {
  const question = customerText('lgpd.question', { language: company.customerLanguage });
  return [privacyNotice(company), question].filter(Boolean).join('\n\n');
}

/**
 * LGPD (company enableLGPD, lgpdMessage, lgpdLink, lgpdConsent), on the first message of a new ticket of a contact
 * who never accepted (contacts.lgpd_accepted_at) and is not a group:
 * - lgpdConsent enabled: the notice and the question are sent and the ticket waits in status 'lgpd'. The contact's
 *   "1" records the consent on the contact and the ticket, puts the ticket back to 'pending' and the chain goes on
 *   with that message (the menu sees a ticket whose bot has not spoken yet, so it greets instead of reading "1" as
 *   an option); "2" closes the ticket with a short message; anything else repeats the question.
 * - lgpdConsent disabled: the notice is informative, sent once per new ticket, and the flow continues at once.
 */
@injectable()
export class LgpdStep implements ConversationHandler {
  readonly name = 'lgpd';
  readonly order = conversationSteps.lgpd;

  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(RoutingSettings) private readonly settings: RoutingSettings,
    @inject(RoutedTickets) private readonly tickets: RoutedTickets,
    @inject(ConversationClosing) private readonly closing: ConversationClosing,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async handle(ctx: InboundContext, next: () => Promise<void>): Promise<void> {
    const ticket = ctx.ticket;
    if (!isContactsLiveMessage(ctx) || !ticket || !ctx.contact || ticket.isGroup || ctx.contact.isGroup) return next();
    // The sdk's TicketStatus names only the active statuses and closed; 'lgpd' and 'nps' are core's own.
    if ((ticket.status as string) === 'lgpd') return this.answer(ctx, next);
    if (!ctx.ticketCreated || !botMayAnswer(ctx)) return next();
    const { company } = await this.settings.forMessage(ctx);
    if (!company.enableLgpd) return next();
    const companyId = ctx.connection.companyId;
    const contact = await this.tenancy.of(companyId).table('contacts').where('id', ctx.contact.id).first('lgpd_accepted_at');
    if (contact?.lgpd_accepted_at) return next();

    const notice = privacyNotice(company);
    if (!company.lgpdConsent) {
      if (!notice) return next();
      await this.tickets.say({ companyId, ticketId: ticket.id, body: notice });
      await this.tickets.change(lgpdColumns(companyId, ticket.id, { lgpd_send_message_at: this.clock.now() }));
      return next();
    }
    // Waiting first, then asking: the question goes out from a ticket that is no longer pending (no inactivity timer).
    await this.tickets.change(lgpdColumns(companyId, ticket.id, { status: 'lgpd', lgpd_send_message_at: this.clock.now() }));
    await this.tickets.say({ companyId, ticketId: ticket.id, body: consentQuestion(company) });
  }

  private async answer(ctx: InboundContext, next: () => Promise<void>): Promise<void> {
    const ticket = ctx.ticket!;
    const companyId = ctx.connection.companyId;
    const reply = (ctx.event.body ?? '').trim();
    if (reply === '1') {
      const now = this.clock.now();
      await this.tenancy.of(companyId).table('contacts').where('id', ctx.contact!.id).update({ lgpd_accepted_at: now, updated_at: now });
      await this.tickets.change(lgpdColumns(companyId, ticket.id, { status: 'pending', lgpd_accepted_at: now }));
      ctx.ticket = { ...ticket, status: 'pending' };
      return next();
    }
    const { company } = await this.settings.forMessage(ctx);
    if (reply === '2') {
      const lastWords = customerText('lgpd.refused', { language: company.customerLanguage });
      await this.closing.close({ companyId, ticketId: ticket.id, fromStatuses: ['lgpd'], lastWords });
      return;
    }
    await this.tickets.say({ companyId, ticketId: ticket.id, body: consentQuestion(company) });
  }
}

/** A change of the LGPD columns, which RoutedTicket does not name. */
function lgpdColumns(
  companyId: number,
  ticketId: number,
  columns: { status?: string; lgpd_send_message_at?: Date; lgpd_accepted_at?: Date },
): RoutingChange {
  return { companyId, ticketId, columns: columns as RoutingChange['columns'] };
}
