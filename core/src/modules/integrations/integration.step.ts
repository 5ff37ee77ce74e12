import { inject, injectable, conversationSteps, type ConversationHandler, type InboundContext } from '@switchboard/sdk';
import { CompanyCache } from '../../platform/cache/company-cache.js';
import { Tenancy } from '../../platform/tenancy.js';
import { botMayAnswer, isContactsLiveMessage } from '../routing/index.js';
import { botOf, type BotConversations } from './bot-conversations.js';

/** BotConversations, resolved on first use: it needs the plugin registry, bound after the steps are built. */
export const BotConversationsRef = Symbol('BotConversationsRef');
export type BotConversationsRef = () => BotConversations;

interface HandedTicket {
  use_integration: boolean;
  integration_id: number | null;
  prompt_id: number | null;
  queue_id: number | null;
  user_id: number | null;
  status: string;
}

/**
 * The integration step (order 800): a contact's message on a ticket handed to an integration or an AI prompt, waiting
 * without agent and not a group, whose contact has the bot on, is the bot's to answer, and the chain ends here (no
 * queue menu, no assignment). A new ticket on a connection with an integration or a prompt is handed to it first.
 */
@injectable()
export class IntegrationStep implements ConversationHandler {
  readonly name = 'integration';
  readonly order = conversationSteps.integration;

  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(CompanyCache) private readonly cache: CompanyCache,
    @inject(BotConversationsRef) private readonly bots: BotConversationsRef,
  ) {}

  async handle(ctx: InboundContext, next: () => Promise<void>): Promise<void> {
    const waiting = ctx.ticket?.status === 'pending' && !ctx.ticket.userId && !ctx.ticket.isGroup;
    if (!waiting || !isContactsLiveMessage(ctx) || !botMayAnswer(ctx)) return next();
    const { companyId } = ctx.connection;
    const ticketId = ctx.ticket!.id;
    const ticket = await this.handedTicket(ctx);
    if (!ticket || ticket.status !== 'pending' || ticket.user_id) return next();
    if (ticket.use_integration && (ticket.integration_id || ticket.prompt_id)) {
      this.bots().answer({ companyId, ticketId, messageId: ctx.messageId });
      return;
    }
    let to;
    if (ticket.use_integration) {
      // Switched on without a bot (the header's toggle alone), or its bot was deleted: its queue's bot, if any, takes
      // it; otherwise routing has the conversation back.
      to = ticket.queue_id ? botOf(await this.queueBot(companyId, ticket.queue_id)) : undefined;
      if (!to) await this.bots().release(companyId, ticketId);
    } else if (!ticket.integration_id && !ticket.prompt_id && !ticket.queue_id) {
      // A ticket no bot has had yet, before any queue: its connection's integration or prompt takes it.
      to = botOf(await this.connectionBot(companyId, ctx.connection.id));
    }
    if (!to) return next();
    await this.bots().handOver({ companyId, ticketId, to });
    this.bots().answer({ companyId, ticketId, messageId: ctx.messageId });
  }

  /** Who the ticket is handed to: as the chain read it with the message (no query), else read now. */
  private async handedTicket(ctx: InboundContext): Promise<HandedTicket | undefined> {
    const known = ctx.ticket!;
    if (known.bot) {
      const { useIntegration, integrationId, promptId } = known.bot;
      return {
        use_integration: useIntegration,
        integration_id: integrationId,
        prompt_id: promptId,
        queue_id: known.queueId,
        user_id: known.userId,
        status: known.status,
      };
    }
    return (await this.tenancy
      .of(ctx.connection.companyId)
      .table('tickets')
      .where('id', known.id)
      .first('use_integration', 'integration_id', 'prompt_id', 'queue_id', 'user_id', 'status')) as HandedTicket | undefined;
  }

  private async queueBot(companyId: number, queueId: number) {
    return (await this.tenancy.of(companyId).table('queues').where('id', queueId).first('integration_id', 'prompt_id')) as
      { integration_id: number | null; prompt_id: number | null } | undefined;
  }

  /** The connection's integration and prompt, cached with the company's other connection options. */
  private connectionBot(companyId: number, connectionId: number) {
    return this.cache.get(
      companyId,
      `integrations:connection:${connectionId}`,
      async () =>
        ((await this.tenancy.of(companyId).table('connections').where('id', connectionId).first('integration_id', 'prompt_id')) ?? {
          integration_id: null,
          prompt_id: null,
        }) as { integration_id: number | null; prompt_id: number | null },
    );
  }
}
