import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server as SocketServer, type ServerOptions } from 'socket.io';
import { withMaskedContactNumbers } from '../http/contact-number-masking.js';
import { probeHealth, type PortHealth } from '../port.js';
import { rooms, type RealtimeBus } from './realtime-bus.js';

export interface SocketRealtimeBusOptions {
  /** Set: events travel through Redis to the clients of every node. */
  redisUrl?: string;
  /** Redis channel prefix of the adapter, so that separate deployments (or test runs) on one Redis stay apart. */
  redisKey?: string;
  cors?: ServerOptions['cors'];
}

/** The spec's heartbeat: clients and proxies expect a ping every 18 s and give up 18 s after a missing pong. */
const heartbeatMs = 18000;

export class SocketRealtimeBus implements RealtimeBus {
  readonly implementation: 'socket.io' | 'socket.io+redis';
  private server?: SocketServer;
  private pub?: Redis;
  private sub?: Redis;

  constructor(private readonly options: SocketRealtimeBusOptions = {}) {
    this.implementation = options.redisUrl ? 'socket.io+redis' : 'socket.io';
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
      this.pub = new Redis(this.options.redisUrl);
      // A subscribed connection cannot publish, hence the second client.
      this.sub = this.pub.duplicate();
      // ioredis reconnects by itself; health() reports the outage meanwhile.
      this.pub.on('error', () => {});
      this.sub.on('error', () => {});
      io.adapter(createAdapter(this.pub, this.sub, { key: this.options.redisKey ?? 'socket.io' }));
    }
    this.server = io;
    return io;
  }

  emit(room: string | string[], event: string, payload: unknown, except?: string | string[]): void {
    // The same masking as the API's answers, so no event can forget lgpdHideNumber either.
    this.emitViews(room, event, payload, withMaskedContactNumbers(payload), except);
  }

  emitViews(room: string | string[], event: string, payload: unknown, maskedPayload: unknown, except?: string | string[]): void {
    const plain = list(room);
    const excluded = withMasked(except);
    this.send(plain, event, payload, excluded);
    this.send(plain.map(rooms.masked), event, maskedPayload, excluded);
  }

  private send(room: string[], event: string, payload: unknown, except: string[]): void {
    // Before attach no client can be connected, so there is nobody to tell.
    if (!this.server || room.length === 0) return;
    const target = this.server.to(room);
    (except.length > 0 ? target.except(except) : target).emit(event, payload);
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
    // The adapter fires its (un)subscribe commands without awaiting them; a PING queued behind them tells when
    // they are through, otherwise closing the connection rejects them as unhandled "Connection is closed" errors.
    await Promise.allSettled(clients.map((client) => withTimeout(client.ping(), 2000, 'no PONG')));
    if (io) await io.close();
    await Promise.all(clients.map((client) => client.quit().catch(() => client.disconnect())));
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function list(room: string | string[] | undefined): string[] {
  return room === undefined ? [] : Array.isArray(room) ? room : [room];
}

function withMasked(room: string | string[] | undefined): string[] {
  const plain = list(room);
  return [...plain, ...plain.map(rooms.masked)];
}
