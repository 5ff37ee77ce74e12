import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { QueueTargetsRoutes } from './queue-targets.routes.js';
import { QueueTargetsService } from './queue-targets.service.js';
import { QueueViews } from './queue-views.js';
import { QueuesRoutes } from './queues.routes.js';
import { QueuesService } from './queues.service.js';

// QueueViews is also used by the chatbot module: a change of an option announces its queue again.
export const queuesModule = new ContainerModule((bind) => {
  bind(QueueViews).toSelf();
  bind(QueuesService).toSelf();
  bind(QueueTargetsService).toSelf();
  bind(RouteContribution).to(QueuesRoutes);
  bind(RouteContribution).to(QueueTargetsRoutes);
});
