import { ContainerModule } from '@switchboard/sdk';
import { SocketSessions } from './socket-sessions.js';
import { TicketEvents } from './ticket-audience.js';

export const realtimeModule = new ContainerModule((bind) => {
  bind(SocketSessions).toSelf();
  bind(TicketEvents).toSelf();
});
