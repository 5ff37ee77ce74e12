import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { TagsRoutes } from './tags.routes.js';
import { TagsService } from './tags.service.js';

export const tagsModule = new ContainerModule((bind) => {
  bind(TagsService).toSelf();
  bind(RouteContribution).to(TagsRoutes);
});
