import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { AnnouncementRoutes } from './announcements.routes.js';
import { AnnouncementService } from './announcement.service.js';

export const announcementsModule = new ContainerModule((bind) => {
  bind(AnnouncementService).toSelf();
  bind(RouteContribution).to(AnnouncementRoutes);
});
