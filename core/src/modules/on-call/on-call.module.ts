import { ContainerModule } from '@switchboard/sdk';
import { BackgroundWorker } from '../../platform/background-worker.js';
import { RouteContribution } from '../../platform/http/api-router.js';
import { DueOnCall } from './due-on-call.js';
import { OnCallNotifier } from './on-call-notifier.js';
import { OnCallRoutes } from './on-call.routes.js';
import { OnCallService } from './on-call.service.js';

export const onCallModule = new ContainerModule((bind) => {
  bind(OnCallService).toSelf();
  bind(DueOnCall).toSelf();
  bind(OnCallNotifier).toSelf();
  bind(BackgroundWorker).toService(OnCallNotifier);
  bind(RouteContribution).to(OnCallRoutes);
});
