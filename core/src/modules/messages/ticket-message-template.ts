import { inject, injectable } from '@switchboard/sdk';
import { Clock } from '../../platform/clock.js';
import type { TenantScope } from '../../platform/database/model.js';
import { Tenancy } from '../../platform/tenancy.js';
import { CompanySettings } from '../settings/index.js';
import type { TicketModel } from '../tickets/index.js';
import { fillPlaceholders, hasPlaceholders, type TemplateFacts } from './message-template.js';

type TemplateTicket = Pick<TicketModel, 'id' | 'companyId' | 'contactId' | 'userId' | 'queueId' | 'whatsappId' | 'protocol'>;

/**
 * A text to a ticket's contact with its placeholders filled (spec 3 §3), for what is sent and what is edited alike:
 * the contact, the agent (the sender, else the ticket's owner), queue, connection, protocol, and the company's
 * language and time zone at the Clock's now. The facts are read only when the text names a placeholder.
 */
@injectable()
export class TicketMessageTemplate {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(CompanySettings) private readonly settings: CompanySettings,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async fill(options: { ticket: TemplateTicket; userId: number | null; body: string }): Promise<string> {
    if (!hasPlaceholders(options.body)) return options.body;
    const scope = this.tenancy.of(options.ticket.companyId);
    return fillPlaceholders(options.body, await this.facts(scope, options.ticket, options.userId));
  }

  private async facts(scope: TenantScope, ticket: TemplateTicket, userId: number | null): Promise<TemplateFacts> {
    const agentId = userId ?? ticket.userId;
    const [contact, user, queue, connection, company, options] = await Promise.all([
      scope.table('contacts').where('id', ticket.contactId).first('name'),
      agentId ? scope.table('users').where('id', agentId).first('name') : undefined,
      ticket.queueId ? scope.table('queues').where('id', ticket.queueId).first('name') : undefined,
      ticket.whatsappId ? scope.table('connections').where('id', ticket.whatsappId).first('name') : undefined,
      scope.company().first('timezone'),
      this.settings.read(ticket.companyId),
    ]);
    return {
      contactName: String(contact?.name ?? ''),
      userName: String(user?.name ?? ''),
      protocol: ticket.protocol || String(ticket.id),
      ticketId: ticket.id,
      queueName: String(queue?.name ?? ''),
      connectionName: String(connection?.name ?? ''),
      now: this.clock.now(),
      timeZone: String(company?.timezone ?? 'America/Sao_Paulo'),
      language: options.customerLanguage,
    };
  }
}
