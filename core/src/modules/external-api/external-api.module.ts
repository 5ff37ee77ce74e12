import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { ExternalApiRoutes } from './external-api.routes.js';
import { ExternalApiService } from './external-api.service.js';

export const externalApiModule = new ContainerModule((bind) => {
  bind(ExternalApiService).toSelf();
  bind(RouteContribution).to(ExternalApiRoutes);
});
