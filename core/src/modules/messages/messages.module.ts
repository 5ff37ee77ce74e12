import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { MessageActions } from './message-actions.service.js';
import { SessionWork } from '../connections/index.js';
import { MessageDelivery } from './message-delivery.js';
import { MessagesRoutes } from './messages.routes.js';
import { MessagesService } from './messages.service.js';
import { OutboundMessages } from './outbound-messages.js';
import { OutboundMessagesService } from './outbound-messages.service.js';
import { TicketMessageTemplate } from './ticket-message-template.js';

export const messagesModule = new ContainerModule((bind) => {
  bind(MessageDelivery).toSelf();
  bind(SessionWork).toService(MessageDelivery);
  bind(TicketMessageTemplate).toSelf();
  bind(OutboundMessages).to(OutboundMessagesService);
  bind(MessagesService).toSelf();
  bind(MessageActions).toSelf();
  bind(RouteContribution).to(MessagesRoutes);
});
