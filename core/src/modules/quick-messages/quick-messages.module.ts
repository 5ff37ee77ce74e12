import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { QuickMessagesRoutes } from './quick-messages.routes.js';
import { QuickMessageService } from './quick-message.service.js';

export const quickMessagesModule = new ContainerModule((bind) => {
  bind(QuickMessageService).toSelf();
  bind(RouteContribution).to(QuickMessagesRoutes);
});
