// The realtime module's public face: what other modules may use of it (DESIGN §8.13).
export { realtimeModule } from './realtime.module.js';
export { SocketSessions } from './socket-sessions.js';
export { TicketRoomAccess } from './ticket-room-access.js';
export { TicketEvents, audienceOf } from './ticket-audience.js';
