import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { MediaRoutes } from './media.routes.js';

export const mediaModule = new ContainerModule((bind) => {
  bind(RouteContribution).to(MediaRoutes);
});
