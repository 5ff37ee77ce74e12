import { ContainerModule, ConversationHandler } from '@switchboard/sdk';
import { BackgroundWorker } from '../../platform/background-worker.js';
import { TicketTransitionListener } from '../tickets/ticket-lifecycle.js';
import { AssignmentStep, QueueAssignment } from './assignment.js';
import { RotationTimer, SendQueueTimer, WaitingTimersListener } from './assignment-timers.js';
import { BotMenuResetTimer, BotMenus } from './bot-menus.js';
import { ChatbotNavigation } from './chatbot-navigation.js';
import { QueueMenuStep } from './queue-menu.step.js';
import { QueuePosition } from './queue-position.js';
import { RoutedTickets, RoutingOutbound } from './routed-tickets.js';
import { RoutingSettings } from './routing-settings.js';
import { OutOfHoursStep, ServiceHoursRule } from './service-hours.step.js';
import { OutboundMessageListener, OutboundMessages } from '../messages/outbound-messages.js';
import { AudioMessagesStep, ContactPreferencesStep } from './contact-preferences.step.js';
import { ConversationClosing } from './conversation-closing.js';
import { LgpdStep } from './lgpd.step.js';
import { NpsExpiryHandler, RatingRequestListener, RatingRequests, RatingStep } from './rating.js';
import {
  ContactInactivity,
  InactiveMessageHandler,
  InactivityClocks,
  InactivityOutboundListener,
  InactivityStep,
  InactivityTransitionListener,
  TicketExpiryHandler,
} from './inactivity.js';
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
  bind(RoutingOutbound).toFactory(
    (context) => () =>
      context.container.isBound(OutboundMessages) ? context.container.get<OutboundMessages>(OutboundMessages) : undefined,
  );
  for (const service of [RoutedTickets, QueuePosition, QueueAssignment, BotMenus, ChatbotNavigation, ServiceHoursRule])
    bind(service).toSelf();
  bind(ConversationHandler).to(OutOfHoursStep);
  bind(ConversationHandler).to(QueueMenuStep);
  bind(ConversationHandler).to(AssignmentStep);
  bind(ConversationTimerHandler).to(RotationTimer);
  bind(ConversationTimerHandler).to(SendQueueTimer);
  bind(ConversationTimerHandler).to(BotMenuResetTimer);
  bind(TicketTransitionListener).to(WaitingTimersListener);
  // LGPD, rating, inactivity and contact preferences.
  for (const service of [ConversationClosing, RatingRequests, InactivityClocks, ContactInactivity]) bind(service).toSelf();
  bind(ConversationHandler).to(ContactPreferencesStep);
  bind(ConversationHandler).to(AudioMessagesStep);
  bind(ConversationHandler).to(InactivityStep);
  bind(ConversationHandler).to(LgpdStep);
  bind(ConversationHandler).to(RatingStep);
  bind(ConversationTimerHandler).to(NpsExpiryHandler);
  bind(ConversationTimerHandler).to(InactiveMessageHandler);
  bind(ConversationTimerHandler).to(TicketExpiryHandler);
  bind(TicketTransitionListener).to(RatingRequestListener);
  bind(TicketTransitionListener).to(InactivityTransitionListener);
  bind(OutboundMessageListener).to(InactivityOutboundListener);
});
