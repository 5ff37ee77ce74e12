// The routing module's public face: what other modules may use of it (DESIGN §8.13).
export { routingModule } from './routing.module.js';
export { BotHandOver, type QueueEntry } from './bot-hand-over.js';
export { QueueAssignment } from './assignment.js';
export { ConversationClosing } from './conversation-closing.js';
export { botMayAnswer, isContactsLiveMessage } from './contact-preferences.step.js';
export { RoutedTickets, type RoutedTicket } from './routed-tickets.js';
