// What other modules use of the tickets module.
export { TicketVisibility, visibilityPredicate, type TicketViewer } from './ticket-visibility.js';
export { TicketSearch, TICKET_NOT_FOUND } from './ticket-search.service.js';
export { TicketChanges } from './ticket-changes.js';
