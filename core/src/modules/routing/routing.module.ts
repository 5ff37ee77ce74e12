import { ContainerModule, ConversationHandler } from '@switchboard/sdk';
import { BackgroundWorker } from '../../platform/background-worker.js';
import { TicketTransitionListener } from '../tickets/index.js';
import { AssignmentStep, QueueAssignment } from './assignment.js';
import { RotationTimer, SendQueueTimer, WaitingTimersListener } from './assignment-timers.js';
import { BotMenuResetTimer, BotMenus } from './bot-menus.js';
import { BotHandOver, BotHandOverRef } from './bot-hand-over.js';
import { ChatbotNavigation } from './chatbot-navigation.js';
import { QueueMenuStep } from './queue-menu.step.js';
import { QueuePosition } from './queue-position.js';
import { RoutedTickets, RoutingOutbound } from './routed-tickets.js';
import { RoutingSettings } from './routing-settings.js';
import { OutOfHoursStep, ServiceHoursRule } from './service-hours.step.js';
import { OutboundMessageListener, OutboundMessages } from '../messages/index.js';
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
import { DueConversationTimers } from './due-conversation-timers.js';
import { TicketNotices } from './ticket-notices.js';

/**
 * How a conversation is routed after core stored its message (DESIGN §3): ConversationHandler steps (LGPD, rating,
 * out-of-hours, chatbot menu, assignment...), the ticket transition listeners, and the timers they leave behind.
 */
export const routingModule = new ContainerModule((bind) => {
  bind(RoutingSettings).toSelf();
  bind(ConversationTimers).toSelf();
  bind(DueConversationTimers).toSelf();
  bind(ConversationTimerSweeper).toSelf();
  bind(BackgroundWorker).toService(ConversationTimerSweeper);
  bind(ConversationTimerHandlers).toDynamicValue((context) =>
    context.container.isBound(ConversationTimerHandler) ? context.container.getAll(ConversationTimerHandler) : [],
  );
  bind(RoutingOutbound).toFactory(
    (context) => () =>
      context.container.isBound(OutboundMessages) ? context.container.get<OutboundMessages>(OutboundMessages) : undefined,
  );
  bind(BotHandOverRef).toFactory(
    (context) => () => (context.container.isBound(BotHandOver) ? context.container.get<BotHandOver>(BotHandOver) : undefined),
  );
  const services = [RoutedTickets, QueuePosition, QueueAssignment, BotMenus, ChatbotNavigation, ServiceHoursRule];
  for (const service of [...services, ConversationClosing, RatingRequests, InactivityClocks, ContactInactivity]) bind(service).toSelf();
  // The pipeline orders the steps by their `order`; listeners run in the order listed here.
  const steps = [
    OutOfHoursStep,
    QueueMenuStep,
    AssignmentStep,
    ContactPreferencesStep,
    AudioMessagesStep,
    InactivityStep,
    LgpdStep,
    RatingStep,
  ];
  for (const step of steps) bind(ConversationHandler).to(step);
  const timers = [RotationTimer, SendQueueTimer, BotMenuResetTimer, NpsExpiryHandler, InactiveMessageHandler, TicketExpiryHandler];
  for (const timer of timers) bind(ConversationTimerHandler).to(timer);
  for (const listener of [TicketNotices, WaitingTimersListener, RatingRequestListener, InactivityTransitionListener]) {
    bind(TicketTransitionListener).to(listener);
  }
  bind(OutboundMessageListener).to(InactivityOutboundListener);
});
