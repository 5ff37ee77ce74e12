// The conversations module's public face: what other modules may use of it (DESIGN §8.13).
export { ConversationRecords, contactRecord, ticketRecord, type ContactRow, type TicketRow } from './conversation-records.js';
export { conversationsModule } from './conversations.module.js';
export { camelRow } from './core-steps.js';
export { InboundPipeline } from './inbound-pipeline.js';
