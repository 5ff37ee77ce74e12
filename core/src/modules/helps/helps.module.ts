import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { HelpRoutes } from './helps.routes.js';
import { HelpService } from './help.service.js';

export const helpsModule = new ContainerModule((bind) => {
  bind(HelpService).toSelf();
  bind(RouteContribution).to(HelpRoutes);
});
