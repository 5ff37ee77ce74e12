// What other modules use of the tickets module.
export { TicketVisibility, visibilityPredicate, type TicketViewer } from './ticket-visibility.js';
export { TicketSearch, TICKET_NOT_FOUND, inQueues } from './ticket-search.service.js';
export { TicketChanges } from './ticket-changes.js';
export { TicketTransitionListener, type TicketTransition } from './ticket-lifecycle.js';
export { TicketLogs, type TicketLogType } from './ticket-logs.js';
export { TicketViews, type TicketView, type UserRef } from './ticket-views.js';
export { TicketModel } from './ticket.model.js';
export { ticketsModule } from './tickets.module.js';
export { idList, statusList } from './tickets.schema.js';
