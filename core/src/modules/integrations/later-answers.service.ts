import { inject, injectable, type IntegrationResult } from '@switchboard/sdk';
import { companyInactive } from '../../platform/auth/authenticator.js';
import { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/http/app-error.js';
import { Tenancy } from '../../platform/tenancy.js';
import { BotConversations, type RepliesSent } from './bot-conversations.js';
import { LaterAnswerKeys } from './later-answers.js';
import { QueueIntegrationsService } from './queue-integrations.service.js';

function notWithTheBot(): AppError {
  return new AppError('ERR_TICKET_NOT_WITH_BOT', 409, {
    message: 'The ticket is no longer with this integration: a person attends it, or it was transferred or closed',
  });
}

/**
 * POST /api/integrations/replies: an integration's upstream answers a conversation after the call that carried the
 * contact's message returned (an n8n workflow replying on its own), with the key that conversation gave it.
 */
@injectable()
export class LaterAnswers {
  constructor(
    @inject(LaterAnswerKeys) private readonly keys: LaterAnswerKeys,
    @inject(Clock) private readonly clock: Clock,
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(QueueIntegrationsService) private readonly integrations: QueueIntegrationsService,
    @inject(BotConversations) private readonly bots: BotConversations,
  ) {}

  async receive(token: string | undefined, body: unknown): Promise<{ ticketId: number } & RepliesSent> {
    const claims = this.keys.verify(token, this.clock.now());
    if (!claims) throw new AppError('ERR_INVALID_TOKEN', 401, { message: 'Token inválido' });
    const { companyId, ticketId, integrationId } = claims;
    const company = await this.tenancy
      .of(companyId)
      .connection('companies as c')
      .join('plans as p', 'p.id', 'c.plan_id')
      .where('c.id', companyId)
      .first('c.status', 'p.use_integrations');
    if (!company?.status) throw companyInactive();
    if (!company.use_integrations) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403);
    const plugin = (await this.integrations.forConversation(companyId, integrationId))?.plugin;
    if (!plugin?.readLaterAnswer) throw notWithTheBot();
    let answer: Omit<IntegrationResult, 'state'>;
    try {
      answer = plugin.readLaterAnswer(body);
    } catch (error) {
      throw new AppError('ERR_VALIDATION', 400, { message: error instanceof Error ? error.message : String(error) });
    }
    const done = await this.bots.applyLater(claims, answer);
    if (!done) throw notWithTheBot();
    return { ticketId, ...done };
  }
}
