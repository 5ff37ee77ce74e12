import { ContainerModule } from '@switchboard/sdk';
import { BackgroundWorker } from '../../platform/background-worker.js';
import { RoutingSettings } from './routing-settings.js';
import {
  ConversationTimerHandler,
  ConversationTimerHandlers,
  ConversationTimers,
  ConversationTimerSweeper,
} from './conversation-timers.js';

/**
 * How a conversation is routed after core stored its message (DESIGN §3): ConversationHandler steps (LGPD, rating,
 * out-of-hours, chatbot menu, assignment...), the ticket transition listeners, and the timers they leave behind.
 */
export const routingModule = new ContainerModule((bind) => {
  bind(RoutingSettings).toSelf();
  bind(ConversationTimers).toSelf();
  bind(ConversationTimerSweeper).toSelf();
  bind(BackgroundWorker).toService(ConversationTimerSweeper);
  bind(ConversationTimerHandlers).toDynamicValue((context) =>
    context.container.isBound(ConversationTimerHandler) ? context.container.getAll(ConversationTimerHandler) : [],
  );
  // Routing steps, timer handlers and ticket transition listeners are bound below, one line each.
});
