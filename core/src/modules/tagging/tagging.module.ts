import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { KanbanBoard } from './kanban-board.service.js';
import { TagLinks } from './tag-links.service.js';
import { TaggingRoutes } from './tagging.routes.js';
import { TicketTagsService } from './ticket-tags.service.js';

export const taggingModule = new ContainerModule((bind) => {
  bind(TagLinks).toSelf();
  bind(TicketTagsService).toSelf();
  bind(KanbanBoard).toSelf();
  bind(RouteContribution).to(TaggingRoutes);
});
