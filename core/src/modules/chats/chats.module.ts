import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { ChatEvents } from './chat-events.js';
import { ChatFiles } from './chat-files.js';
import { ChatMembership } from './chat-membership.js';
import { ChatMessageService } from './chat-messages.service.js';
import { ChatService } from './chat.service.js';
import { ChatRoutes } from './chats.routes.js';

export const chatsModule = new ContainerModule((bind) => {
  bind(ChatMembership).toSelf();
  bind(ChatEvents).toSelf();
  bind(ChatFiles).toSelf();
  bind(ChatService).toSelf();
  bind(ChatMessageService).toSelf();
  bind(RouteContribution).to(ChatRoutes);
});
