import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { MediaRoutes } from './media.routes.js';
import { Mp3Copies } from './mp3-copies.js';

export const mediaModule = new ContainerModule((bind) => {
  bind(Mp3Copies).toSelf().inSingletonScope();
  bind(RouteContribution).to(MediaRoutes);
});
