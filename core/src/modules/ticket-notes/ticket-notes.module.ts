import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { TicketNotesRoutes } from './ticket-notes.routes.js';
import { TicketNoteService } from './ticket-note.service.js';

export const ticketNotesModule = new ContainerModule((bind) => {
  bind(TicketNoteService).toSelf();
  bind(RouteContribution).to(TicketNotesRoutes);
});
