// What other modules use of the tickets module.
export { TicketVisibility, visibilityPredicate, isAdmin, type TicketViewer } from './ticket-visibility.js';
