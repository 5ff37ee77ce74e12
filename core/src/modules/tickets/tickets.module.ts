import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { TicketRoomAccess } from '../realtime/index.js';
import { TicketChanges } from './ticket-changes.js';
import { TicketTransitionListener, TicketTransitionListeners } from './ticket-lifecycle.js';
import { TicketLogs } from './ticket-logs.js';
import { TicketSearch } from './ticket-search.service.js';
import { TicketViews } from './ticket-views.js';
import { TicketVisibility } from './ticket-visibility.js';
import { TicketsRoutes } from './tickets.routes.js';
import { TicketsService } from './tickets.service.js';

export const ticketsModule = new ContainerModule((bind) => {
  bind(TicketVisibility).toSelf();
  bind(TicketRoomAccess).toService(TicketVisibility);
  bind(TicketViews).toSelf();
  bind(TicketLogs).toSelf();
  bind(TicketSearch).toSelf();
  bind(TicketsService).toSelf();
  bind(TicketChanges).toSelf();
  // Collected once: whatever modules (routing) and plugins bind.
  bind(TicketTransitionListeners).toDynamicValue((context) =>
    context.container.isBound(TicketTransitionListener) ? context.container.getAll(TicketTransitionListener) : [],
  );
  bind(RouteContribution).to(TicketsRoutes);
});
