import type { AppMessageEvent, ServerEventName, ServerToClientEvents, TicketEvent } from '@switchboard/sdk/contracts';
import { io, type Socket } from 'socket.io-client';
import { api } from './api';
import { store } from './store';

/**
 * What the server keeps current on screen by socket events, read again after any gap in them: the ticket lists, their
 * counts and the open ticket (each ticket's messages re-read themselves on `connect`, messages.api.ts), and the
 * connections' states, which change when a node stops and another takes its sessions.
 */
const CAUGHT_UP_AFTER_A_GAP = ['Ticket', 'Connection'] as const;

// Stored untyped: `on` pairs each event with its payload type from the shared event map.
type Handler = (payload: any) => void; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The app's one socket (spec 1 §7 Realtime). Handlers registered before the socket exists are attached when
 * it connects, so RTK Query cache entries can subscribe in `onCacheEntryAdded` regardless of order. The access
 * token goes in the handshake's auth payload (never the URL), read at every (re)connection so a refreshed token
 * is used. A handshake refused for an expired token connects again with a token refreshed meanwhile, or refreshes
 * the session once and connects again; a socket that is down when the token is refreshed connects again with it.
 * Events sent while it was away are lost, so every reconnection (and the server's `resync`, when it lost events on
 * the way) reads the live lists again; a socket the server closed
 * on purpose (a node stopping) is connected again here, since socket.io leaves that to the app.
 */
class Realtime {
  private socket: Socket | null = null;
  private readonly handlers = new Map<string, Set<Handler>>();
  private tokenSource: () => string | null = () => null;
  private renew: () => Promise<boolean> = async () => false;

  connect(tokenSource: () => string | null, renew?: () => Promise<boolean>): void {
    this.tokenSource = tokenSource;
    if (renew) this.renew = renew;
    if (this.socket) {
      if (!this.socket.active) this.socket.connect();
      return;
    }
    // The token the last handshake carried, and the one a refresh was already asked for.
    let offered: string | null = null;
    let renewedFor: string | null | undefined;
    const socket = io({
      path: '/socket.io',
      transports: ['websocket', 'polling'],
      // WebSockets blocked on the agent's network (a proxy that drops the upgrade): fall back to polling, not to nothing.
      tryAllTransports: true,
      auth: (cb) => cb({ token: (offered = this.tokenSource()) }),
    });
    let connectedBefore = false;
    socket.on('connect', () => {
      if (connectedBefore) store.dispatch(api.util.invalidateTags([...CAUGHT_UP_AFTER_A_GAP]));
      connectedBefore = true;
    });
    // The server lost events on the way to this socket (its link to the other nodes was down): read everything again.
    socket.on('resync', () => store.dispatch(api.util.invalidateTags([...CAUGHT_UP_AFTER_A_GAP, 'Message'])));
    socket.on('disconnect', (reason: Socket.DisconnectReason) => {
      if (reason === 'io server disconnect' && this.socket === socket) socket.connect();
    });
    // The server refuses the handshake with its error code; socket.io does not retry such a refusal by itself.
    socket.on('connect_error', (error: Error) => {
      if (error.message !== 'ERR_SESSION_EXPIRED' || this.socket !== socket) return;
      // A page loaded with an expired token: its requests may have refreshed it while the handshake was on its way.
      const current = this.tokenSource();
      if (current && current !== offered) {
        socket.connect();
        return;
      }
      // One refresh per refused token: a refreshed token refused again waits for the next refresh.
      if (renewedFor === offered) return;
      renewedFor = offered;
      void this.renew().then((ok) => {
        if (ok && this.socket === socket && !socket.active) socket.connect();
      });
    });
    // A stored message's event carries the ticket it changed (last message, unread count, moved to the top); the
    // server sends no separate ticket update for it, so the ticket's listeners hear it from here.
    socket.on('appMessage', (event: AppMessageEvent) => {
      if (event.action !== 'create' || !event.ticket || event.message.isPrivate) return;
      const update: TicketEvent = { action: 'update', ticket: event.ticket };
      for (const handler of this.handlers.get('ticket') ?? []) handler(update);
    });
    for (const [event, set] of this.handlers) for (const handler of set) socket.on(event, handler);
    this.socket = socket;
  }

  disconnect(): void {
    this.socket?.disconnect();
    this.socket = null;
  }

  get connected(): boolean {
    return Boolean(this.socket?.connected);
  }

  /**
   * Subscribes to a server event (its payload typed by the contracts' event map, so a handler that reads another
   * shape than the server sends fails to compile) or to the socket's own `connect`; returns the unsubscribe function.
   */
  on<E extends ServerEventName>(event: E, handler: (payload: ServerToClientEvents[E]) => void): () => void;
  on(event: 'connect', handler: () => void): () => void;
  on(event: string, handler: Handler): () => void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(handler);
    this.socket?.on(event, handler);
    return () => {
      set.delete(handler);
      this.socket?.off(event, handler);
    };
  }

  emit(event: string, ...args: unknown[]): void {
    this.socket?.emit(event, ...args);
  }
}

export const realtime = new Realtime();
