import { ContainerModule, ConversationHandler } from '@switchboard/sdk';
import { BackgroundWorker } from '../../platform/background-worker.js';
import { RouteContribution } from '../../platform/http/api-router.js';
import { OutboundMessageListener } from '../messages/index.js';
import { BotHandOver } from '../routing/index.js';
import { TicketTransitionListener } from '../tickets/index.js';
import { BotConversations } from './bot-conversations.js';
import { BotOutboundListener, BotTransitionListener } from './bot-stops.js';
import { IntegrationCatalogue } from './integration-catalogue.js';
import { IntegrationSecrets } from './integration-secrets.js';
import { IntegrationSessions } from './integration-sessions.js';
import { BotConversationsRef, IntegrationStep } from './integration.step.js';
import { IntegrationsRoutes } from './integrations.routes.js';
import { LaterAnswerKeys } from './later-answers.js';
import { LaterAnswers } from './later-answers.service.js';
import { PromptsService } from './prompts.service.js';
import { QueueIntegrationsService } from './queue-integrations.service.js';

/**
 * Queue integrations and AI prompts (spec 3 §2.11, §2.12) and the bots they put in conversations: the integration
 * step, the hand-over routing asks for, and the listeners that stop a bot when a person takes over.
 */
export const integrationsModule = new ContainerModule((bind) => {
  for (const service of [
    IntegrationCatalogue,
    IntegrationSecrets,
    IntegrationSessions,
    QueueIntegrationsService,
    PromptsService,
    LaterAnswerKeys,
    LaterAnswers,
  ]) {
    bind(service).toSelf();
  }
  bind(BotConversations).toSelf();
  bind(BotConversationsRef).toFactory((context) => () => context.container.get(BotConversations));
  bind(BotHandOver).toService(BotConversations);
  bind(BackgroundWorker).toService(BotConversations);
  bind(ConversationHandler).to(IntegrationStep);
  bind(TicketTransitionListener).to(BotTransitionListener);
  bind(OutboundMessageListener).to(BotOutboundListener);
  bind(RouteContribution).to(IntegrationsRoutes);
});
