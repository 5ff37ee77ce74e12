import type { Logger } from 'pino';
import type { PortHealth } from '../port.js';
import { AppError } from './app-error.js';

/** What a client is told to wait before it tries again while a dependency is away. */
export const RETRY_AFTER_SECONDS = 5;

/** SQLSTATE classes and socket errors of a database that is away (not of a query that is wrong). */
const DATABASE_AWAY_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
const SOCKET_AWAY_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-redis's errors while its connection is away, and those of the Redis client inside bee-queue. */
const REDIS_AWAY_NAMES = new Set([
  'ClientClosedError',
  'ClientOfflineError',
  'ConnectionTimeoutError',
  'SocketClosedUnexpectedlyError',
  'ReconnectStrategyError',
  'SocketTimeoutError',
  'AbortError',
]);

export type Dependency = 'PostgreSQL' | 'Redis';

/** Which dependency being away made this error, if that is what it is. */
export function awayDependency(thrown: unknown): Dependency | undefined {
  // Not `instanceof Error`: socket errors come from Node's own realm, which is not the caller's under a test runner.
  if (typeof thrown !== 'object' || thrown === null) return undefined;
  const { name = '', message = '', code, port } = thrown as { name?: string; message?: string; code?: unknown; port?: unknown };
  const error = { name: String(name), message: String(message) };
  if (error.name === 'KnexTimeoutError' || (typeof code === 'string' && DATABASE_AWAY_CODES.has(code))) return 'PostgreSQL';
  // pg's own words for a connection cut under a query (knex prefixes them with the query).
  if (/Connection (terminated|ended) (unexpectedly|due to connection timeout)/.test(error.message)) return 'PostgreSQL';
  // A command that waited out its timeout in node-redis's offline queue.
  if (REDIS_AWAY_NAMES.has(error.name) || (error.name === 'TimeoutError' && /command/i.test(error.message))) return 'Redis';
  if (/redis connection (lost|is closed)|connection is closed/i.test(error.message)) return 'Redis';
  if (typeof code === 'string' && SOCKET_AWAY_CODES.has(code)) return port === 6379 ? 'Redis' : 'PostgreSQL';
  return undefined;
}

export function serviceUnavailable(): AppError {
  return new AppError('ERR_SERVICE_UNAVAILABLE', 503, { message: 'The service is briefly unavailable; try again in a few seconds' });
}

/**
 * One log line when the database goes away and one when it is back, however many requests were refused meanwhile
 * (Redis's clients keep their own, RedisOutageLog). Once noticed, the database is probed every second until it answers.
 */
export class DatabaseOutageLog {
  private probing?: NodeJS.Timeout;

  constructor(
    private readonly logger: Pick<Logger, 'warn' | 'info'>,
    private readonly probe: () => Promise<PortHealth>,
    private readonly everyMs = 1000,
  ) {}

  noticed(error: unknown): void {
    if (this.probing) return;
    this.logger.warn(
      { detail: String((error as { message?: unknown })?.message ?? error) },
      'PostgreSQL is unreachable; answering 503 until it is back',
    );
    this.probing = setInterval(() => void this.check(), this.everyMs);
    this.probing.unref();
  }

  stop(): void {
    clearInterval(this.probing);
    this.probing = undefined;
  }

  private async check(): Promise<void> {
    if ((await this.probe()).status !== 'ok' || !this.probing) return;
    this.stop();
    this.logger.info({}, 'PostgreSQL is reachable again');
  }
}
