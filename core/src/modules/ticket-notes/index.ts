// The ticket-notes module's public face: what other modules may use of it (DESIGN §8.13).
export { ticketNotesModule } from './ticket-notes.module.js';
