import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { MenuOwners } from '../chatbot/index.js';
import { QueueViews } from './queue-views.js';
import { QueuesRoutes } from './queues.routes.js';
import { QueuesService } from './queues.service.js';

export const queuesModule = new ContainerModule((bind) => {
  bind(QueueViews).toSelf();
  bind(MenuOwners).toService(QueueViews);
  bind(QueuesService).toSelf();
  bind(RouteContribution).to(QueuesRoutes);
});
