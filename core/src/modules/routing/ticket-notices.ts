import { inject, injectable } from '@switchboard/sdk';
import { Tenancy } from '../../platform/tenancy.js';
import { customerText } from '../messages/index.js';
import { CompanySettings } from '../settings/index.js';
import type { TicketTransition, TicketTransitionListener } from '../tickets/index.js';
import { RatingRequests } from './rating.js';
import { RoutedTickets } from './routed-tickets.js';

/**
 * What a ticket change made by an agent tells the customer: the greeting on accept (sendGreetingAccepted), the
 * transfer notice (sendMsgTransfTicket) and the farewell on resolve (the owner's farewellMessage, else the
 * connection's complationMessage; not when closed quietly, not for groups, for a pending ticket only with
 * sendFarewellWaitingTicket, and not when a rating request takes over). A failure to send is logged; the change stands.
 */
@injectable()
export class TicketNotices implements TicketTransitionListener {
  readonly name = 'ticketNotices';

  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(CompanySettings) private readonly companySettings: CompanySettings,
    @inject(RoutedTickets) private readonly tickets: RoutedTickets,
    @inject(RatingRequests) private readonly ratings: RatingRequests,
  ) {}

  async afterTransition(transition: TicketTransition): Promise<void> {
    const { companyId, ticketId } = transition;
    for (const body of await this.bodiesFor(transition)) await this.tickets.say({ companyId, ticketId, body });
  }

  private async bodiesFor(transition: TicketTransition): Promise<string[]> {
    const { kind, before, after } = transition;
    const settings = await this.companySettings.read(transition.companyId);
    const language = settings.customerLanguage;
    if (kind === 'accept' && before.status === 'pending' && settings.sendGreetingAccepted) {
      if (after.isGroup && !(await this.groupsAsTickets(transition))) return [];
      // {{name}} and {{userName}} (the ticket's new owner) are filled when the message is sent.
      return [customerText('ticket.acceptGreeting', { language })];
    }
    if ((kind === 'transferToUser' || kind === 'transferToQueue') && settings.sendMsgTransfTicket && !after.isGroup) {
      const notice = kind === 'transferToUser' && after.userId ? 'ticket.transferredToUser' : 'ticket.transferredToQueue';
      return [customerText(notice, { language })];
    }
    if (kind !== 'resolve' || transition.quiet || after.isGroup) return [];
    if (before.status === 'pending' && !settings.sendFarewellWaitingTicket) return [];
    const rated = await this.ratings.takesOver({
      companyId: transition.companyId,
      whatsappId: after.whatsappId,
      contactId: after.contactId,
      userId: after.userId ?? before.userId,
      isGroup: after.isGroup,
      statusBefore: before.status,
      quiet: false,
      agentRated: transition.agentRated,
    });
    if (rated) return [];
    const farewell = await this.farewellOf(transition.companyId, before.userId ?? transition.actorUserId, after.whatsappId);
    return farewell ? [farewell] : [];
  }

  private async groupsAsTickets(transition: TicketTransition): Promise<boolean> {
    if (!transition.after.whatsappId) return false;
    const scope = this.tenancy.of(transition.companyId);
    const row = await scope.table('connections').where('id', transition.after.whatsappId).first('group_as_ticket');
    return row?.group_as_ticket === 'enabled';
  }

  private async farewellOf(companyId: number, userId: number, connectionId: number | null): Promise<string | null> {
    const scope = this.tenancy.of(companyId);
    const [user, connection] = await Promise.all([
      scope.table('users').where('id', userId).first('farewell_message'),
      connectionId ? scope.table('connections').where('id', connectionId).first('complation_message') : undefined,
    ]);
    const text =
      (user?.farewell_message as string | null | undefined)?.trim() ||
      (connection?.complation_message as string | null | undefined)?.trim();
    return text || null;
  }
}
