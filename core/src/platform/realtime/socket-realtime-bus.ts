import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server as SocketServer, type ServerOptions } from 'socket.io';
import type { ResyncEvent, ServerEventName, ServerToClientEvents } from '@switchboard/sdk/contracts';
import { withMaskedContactNumbers } from '../http/contact-number-masking.js';
import { probeHealth, type PortHealth } from '../port.js';
import { withTimeout } from '../deadline.js';
import { closeRedisClient, openRedisClient, RedisOutageLog, type RedisClient } from '../redis/redis-client.js';
import { rooms, type MaskedView, type RealtimeBus, type Sendable } from './realtime-bus.js';

export interface SocketRealtimeBusOptions {
  /** Set: events travel through Redis to the clients of every node. */
  redisUrl?: string;
  /** Redis channel prefix of the adapter, so that separate deployments (or test runs) on one Redis stay apart. */
  redisKey?: string;
  /** Shared by the node's Redis clients, so an outage is logged once. */
  outageLog?: RedisOutageLog;
  cors?: ServerOptions['cors'];
}

/** The spec's heartbeat: clients and proxies expect a ping every 18 s and give up 18 s after a missing pong. */
const heartbeatMs = 18000;
/** Both adapter clients come back within moments of each other: one resync for the pair. */
const RESYNC_SETTLE_MS = 300;

export class SocketRealtimeBus implements RealtimeBus {
  readonly implementation: 'socket.io' | 'socket.io+redis';
  private server?: SocketServer;
  private pub?: RedisClient;
  private sub?: RedisClient;
  private readonly outageLog: RedisOutageLog;
  private resyncTimer?: NodeJS.Timeout;

  constructor(private readonly options: SocketRealtimeBusOptions = {}) {
    this.implementation = options.redisUrl ? 'socket.io+redis' : 'socket.io';
    this.outageLog = options.outageLog ?? new RedisOutageLog();
  }

  get io(): SocketServer {
    if (!this.server) throw new Error('RealtimeBus.attach has not been called');
    return this.server;
  }

  attach(httpServer: HttpServer): SocketServer {
    if (this.server) throw new Error('RealtimeBus is already attached');
    const io = new SocketServer(httpServer, {
      path: '/socket.io',
      pingInterval: heartbeatMs,
      pingTimeout: heartbeatMs,
      cors: this.options.cors,
    });
    if (this.options.redisUrl) {
      // A subscribed connection cannot publish, hence the second client. Both reconnect by themselves (the
      // subscriber resubscribes); health() reports the outage meanwhile.
      this.pub = openRedisClient(this.options.redisUrl, this.outageLog);
      this.sub = openRedisClient(this.options.redisUrl, this.outageLog);
      const key = this.options.redisKey ?? 'socket.io';
      io.adapter(createAdapter(unawaitedCallsCaught(this.pub), unawaitedCallsCaught(this.sub), { key }));
      for (const client of [this.pub, this.sub]) this.resyncAfterReconnect(client);
    }
    this.server = io;
    return io;
  }

  /**
   * Events published while the adapter's link to Redis was down never reached the other side: once it is back, this
   * node's sockets are told to read again (once for both clients' reconnects).
   */
  private resyncAfterReconnect(client: RedisClient): void {
    let connectedBefore = false;
    client.on('ready', () => {
      if (connectedBefore && !this.resyncTimer) {
        this.resyncTimer = setTimeout(() => {
          this.resyncTimer = undefined;
          const payload: ResyncEvent = { reason: 'events-lost' };
          this.server?.local.emit('resync', payload);
        }, RESYNC_SETTLE_MS);
        this.resyncTimer.unref();
      }
      connectedBefore = true;
    });
  }

  emit<E extends ServerEventName>(
    room: string | string[],
    event: E,
    payload: Sendable<ServerToClientEvents[E]>,
    except?: string | string[],
  ): void {
    // The same masking as the API's answers, so no event can forget lgpdHideNumber either.
    this.emitViews(room, event, payload, () => withMaskedContactNumbers(payload) as Sendable<ServerToClientEvents[E]>, except);
  }

  emitViews<E extends ServerEventName>(
    room: string | string[],
    event: E,
    payload: Sendable<ServerToClientEvents[E]>,
    maskedPayload: MaskedView<Sendable<ServerToClientEvents[E]>>,
    except?: string | string[],
  ): void {
    const plain = list(room);
    const excluded = withMasked(except);
    this.send(plain, event, payload, excluded);
    this.send(plain.map(rooms.masked), event, maskedPayload, excluded);
  }

  private send(room: string[], event: string, payload: MaskedView<unknown>, except: string[]): void {
    const listening = this.listening(room);
    // Never `to([])`: socket.io reads no room as every socket.
    if (listening.length === 0) return;
    const target = this.server!.to(listening);
    (except.length > 0 ? target.except(except) : target).emit(
      event,
      typeof payload === 'function' ? (payload as () => unknown)() : payload,
    );
  }

  /**
   * The rooms that may hold a socket. Before attach none can. With Redis any room may (other nodes' sockets are not
   * known here); on one node only those its sockets joined, so an event nobody would get is neither masked nor encoded.
   */
  private listening(room: string[]): string[] {
    if (!this.server) return [];
    if (this.pub) return room;
    const joined = this.server.sockets.adapter.rooms;
    return room.filter((name) => joined.has(name));
  }

  health(): Promise<PortHealth> {
    return probeHealth(this.implementation, async () => {
      if (!this.server) throw new Error('not attached to the HTTP server');
      if (this.pub) await withTimeout(this.pub.ping(), 2000, 'Redis did not answer PING');
    });
  }

  /** Disconnects the clients; socket.io also closes the HTTP server it is attached to. */
  async close(): Promise<void> {
    const io = this.server;
    const clients = [this.pub, this.sub].filter((client) => client !== undefined);
    this.server = this.pub = this.sub = undefined;
    clearTimeout(this.resyncTimer);
    // The adapter unsubscribes on io.close(); a graceful close lets those commands through first.
    if (io) await io.close();
    await Promise.all(clients.map((client) => closeRedisClient(client, this.outageLog)));
  }
}

/** Commands the adapter sends without awaiting them (publish on every emit, (un)subscribe on attach and close). */
const unawaitedCommands = new Set<PropertyKey>(['publish', 'subscribe', 'unsubscribe', 'pSubscribe', 'pUnsubscribe']);

/**
 * The adapter's view of a client: a rejection of an unawaited command (an emit during an outage, an unsubscribe
 * cut off by close) would otherwise end the process as an unhandled rejection. A lost event is part of the
 * outage, which the outage log reports.
 */
function unawaitedCallsCaught(client: RedisClient): RedisClient {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (!unawaitedCommands.has(property)) return method.bind(target);
      return (...args: unknown[]) => Promise.resolve(method.apply(target, args)).catch(() => undefined);
    },
  });
}

function list(room: string | string[] | undefined): string[] {
  return room === undefined ? [] : Array.isArray(room) ? room : [room];
}

function withMasked(room: string | string[] | undefined): string[] {
  const plain = list(room);
  return [...plain, ...plain.map(rooms.masked)];
}
