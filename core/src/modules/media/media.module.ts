import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { MediaAccess } from './media-access.js';
import { MediaLinks } from './media-links.js';
import { MediaRoutes } from './media.routes.js';
import { Mp3Copies } from './mp3-copies.js';

export const mediaModule = new ContainerModule((bind) => {
  bind(Mp3Copies).toSelf().inSingletonScope();
  bind(MediaAccess).toSelf();
  bind(MediaLinks).toSelf();
  bind(RouteContribution).to(MediaRoutes);
});
