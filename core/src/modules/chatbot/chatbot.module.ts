import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { ChatbotRoutes } from './chatbot.routes.js';
import { ChatbotService } from './chatbot.service.js';

// ChatbotService is also used by the queues module (a queue body replaces its menu) and by routing (its tree).
export const chatbotModule = new ContainerModule((bind) => {
  bind(ChatbotService).toSelf();
  bind(RouteContribution).to(ChatbotRoutes);
});
