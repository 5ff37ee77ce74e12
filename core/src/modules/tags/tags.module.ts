import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { TagsRoutes } from './tags.routes.js';
import { TagsService } from './tags.service.js';
import { TicketTagsService } from './ticket-tags.service.js';

// TagsService is also used by the contacts module (import links tags by name); it is bound here only.
export const tagsModule = new ContainerModule((bind) => {
  bind(TagsService).toSelf();
  bind(TicketTagsService).toSelf();
  bind(RouteContribution).to(TagsRoutes);
});
