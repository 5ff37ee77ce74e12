import { createClient } from 'redis';

/** A node-redis client as this server opens it (see openRedisClient). */
export type RedisClient = ReturnType<typeof newClient>;

/** What the outage log writes to: pino's logger fits, the console is the fallback. */
export interface OutageLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

const consoleLogger: OutageLogger = {
  warn: (details, message) => console.warn(message, details),
  info: (details, message) => console.info(message, details),
};

/**
 * One log line when Redis goes and one when it is back, however many clients watch it and however many
 * reconnect attempts fail in between (each failed attempt is an 'error' event).
 */
export class RedisOutageLog {
  private readonly down = new Set<RedisClient>();
  private reported = false;

  constructor(private readonly logger: OutageLogger = consoleLogger) {}

  watch(client: RedisClient): void {
    client.on('error', (error: unknown) => {
      this.down.add(client);
      if (this.reported) return;
      this.reported = true;
      this.logger.warn({ detail: error instanceof Error ? error.message : String(error) }, 'Redis is unreachable; reconnecting');
    });
    client.on('ready', () => {
      this.down.delete(client);
      this.recovered();
    });
  }

  /** A client closed while down no longer holds the outage open. */
  forget(client: RedisClient): void {
    this.down.delete(client);
    this.recovered();
  }

  private recovered(): void {
    if (!this.reported || this.down.size > 0) return;
    this.reported = false;
    this.logger.info({}, 'Redis is reachable again');
  }
}

/** How long a command waits (also while Redis is away and it sits in the offline queue) before it fails. */
export const redisCommandTimeoutMs = 2000;

/** Exponential backoff from 50 ms up to 2 s between reconnect attempts, with jitter so nodes do not retry in step. */
export function reconnectDelay(retries: number): number {
  return Math.min(50 * 2 ** retries, 2000) + Math.floor(Math.random() * 100);
}

/**
 * Opens a client that reconnects for as long as it lives and never throws out of the process: every
 * connection failure is an 'error' event, which `log` listens to. Commands issued while it connects or
 * reconnects wait in its queue and fail after `redisCommandTimeoutMs`.
 */
export function openRedisClient(url: string, log: RedisOutageLog): RedisClient {
  const client = newClient(url);
  log.watch(client);
  // The promise settles only once connected, or rejected when the client is closed before that.
  client.connect().catch(() => {});
  return client;
}

function newClient(url: string) {
  return createClient({ url, socket: { reconnectStrategy: reconnectDelay }, commandOptions: { timeout: redisCommandTimeoutMs } });
}

/** Closes gracefully (pending replies first); a client that cannot drain within the timeout is dropped. */
export async function closeRedisClient(client: RedisClient, log?: RedisOutageLog, timeoutMs = redisCommandTimeoutMs): Promise<void> {
  // A client closed while it is still connecting keeps its socket open: let it finish connecting first (bounded).
  if (client.isOpen && !client.isReady) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      client.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  if (client.isOpen) {
    let timer: NodeJS.Timeout | undefined;
    const drained = await Promise.race([
      client.close().then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
    ]).finally(() => clearTimeout(timer));
    if (!drained) client.destroy();
  }
  log?.forget(client);
}
