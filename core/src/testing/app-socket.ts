import type { ServerEventName, ServerToClientEvents } from '@switchboard/sdk/contracts';
import { io as connectSocket, type Socket } from 'socket.io-client';

/**
 * A socket of the web app signed in with `token`, connected, with every `event` it hears in order. The caller
 * disconnects it (keep it in a list closed in afterAll).
 */
export async function listenAsApp<E extends ServerEventName>(
  server: { url: string },
  token: string,
  event: E,
): Promise<{ socket: Socket; events: ServerToClientEvents[E][] }> {
  const socket = connectSocket(server.url, { auth: { token }, transports: ['websocket'], reconnection: false });
  const events: ServerToClientEvents[E][] = [];
  socket.on(event as string, (payload: ServerToClientEvents[E]) => events.push(payload));
  await new Promise<void>((resolve, reject) => socket.on('connect', () => resolve()).on('connect_error', reject));
  return { socket, events };
}
