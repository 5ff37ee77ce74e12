import type { ChannelSessionContext, ConnectionInfo, InboundEvent, InboundMessage, PluginLogger, PluginStore } from '../channel.js';
import type { ConnectionStatus } from '../domain.js';

/** A PluginStore kept in memory: what core keeps in the database, for tests. */
export class MemoryPluginStore implements PluginStore {
  private readonly rows = new Map<string, string>();

  async get(key: string): Promise<string | undefined> {
    return this.rows.get(key);
  }

  async set(key: string, value: string): Promise<void> {
    this.rows.set(key, value);
  }

  async delete(key: string): Promise<void> {
    this.rows.delete(key);
  }

  async list(prefix = ''): Promise<[string, string][]> {
    return [...this.rows.entries()].filter(([key]) => key.startsWith(prefix)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  async clear(): Promise<void> {
    this.rows.clear();
  }

  /** How many rows the store holds. */
  get size(): number {
    return this.rows.size;
  }
}

export interface LogEntry {
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  data?: Record<string, unknown>;
}

/** A logger that prints nothing and keeps what it was told, so a test can look. */
export class QuietLogger implements PluginLogger {
  readonly entries: LogEntry[] = [];
  debug(message: string, data?: Record<string, unknown>): void {
    this.entries.push({ level: 'debug', message, data });
  }
  info(message: string, data?: Record<string, unknown>): void {
    this.entries.push({ level: 'info', message, data });
  }
  warn(message: string, data?: Record<string, unknown>): void {
    this.entries.push({ level: 'warn', message, data });
  }
  error(message: string, data?: Record<string, unknown>): void {
    this.entries.push({ level: 'error', message, data });
  }
}

export interface RecordedStatus {
  status: ConnectionStatus;
  extra?: { qrcode?: string; number?: string };
  at: Date;
}

export interface WaitOptions {
  /** Milliseconds before the wait fails (default 5000). */
  timeoutMs?: number;
}

/** The connection a test session serves unless the test says otherwise. */
export function testConnection(overrides: Partial<ConnectionInfo> = {}): ConnectionInfo {
  return { id: 1, companyId: 1, name: 'Conformance', channel: 'test', token: 'conformance-token', settings: {}, ...overrides };
}

/**
 * A ChannelSessionContext that records what the session reports: every status (ctx.setStatus), every event handed
 * to core (ctx.inbound), with an in-memory PluginStore and a quiet logger. The conformance suite uses it, and a
 * plugin's own tests may too.
 */
export class RecordingSessionContext implements ChannelSessionContext {
  readonly connection: ConnectionInfo;
  readonly store: MemoryPluginStore;
  readonly log: QuietLogger = new QuietLogger();
  readonly statuses: RecordedStatus[] = [];
  readonly events: InboundEvent[] = [];
  /** The company's setting options as the session reads them; set what a test needs. */
  readonly companySettings = new Map<string, string>();
  private readonly waiters = new Set<() => void>();

  constructor(connection: Partial<ConnectionInfo> = {}, store: MemoryPluginStore = new MemoryPluginStore()) {
    this.connection = testConnection(connection);
    this.store = store;
  }

  async inbound(event: InboundEvent): Promise<void> {
    this.events.push(event);
    this.notify();
  }

  async companySetting(key: string): Promise<string | undefined> {
    return this.companySettings.get(key);
  }

  async setStatus(status: ConnectionStatus, extra?: { qrcode?: string; number?: string }): Promise<void> {
    this.statuses.push({ status, extra, at: new Date() });
    this.notify();
  }

  /** The last status reported, if any. */
  get status(): ConnectionStatus | undefined {
    return this.statuses[this.statuses.length - 1]?.status;
  }

  /** The inbound messages (type 'message') received so far. */
  messages(): InboundMessage[] {
    return this.events.filter((event): event is InboundMessage => event.type === 'message');
  }

  /** Resolves with the first recorded event (at index `from` or later) that matches; rejects after the timeout. */
  waitForEvent<E extends InboundEvent = InboundEvent>(
    predicate: (event: InboundEvent) => boolean,
    options: WaitOptions & { from?: number } = {},
  ): Promise<E> {
    return this.waitFor(
      () => this.events.slice(options.from ?? 0).find(predicate) as E | undefined,
      `an inbound event matching ${predicate.toString().slice(0, 120)}`,
      options,
    );
  }

  /** Resolves when `status` has been reported at index `from` or later; rejects after the timeout. */
  waitForStatus(status: ConnectionStatus, options: WaitOptions & { from?: number } = {}): Promise<RecordedStatus> {
    return this.waitFor(() => this.statuses.slice(options.from ?? 0).find((s) => s.status === status), `status ${status}`, options);
  }

  /** Resolves with the value `probe` returns once it is not undefined; re-probes on every report and every 25 ms. */
  waitFor<T>(probe: () => T | undefined, what: string, options: WaitOptions = {}): Promise<T> {
    const timeoutMs = options.timeoutMs ?? 5000;
    return new Promise<T>((resolve, reject) => {
      const check = (): boolean => {
        let value: T | undefined;
        try {
          value = probe();
        } catch (error) {
          finish();
          reject(error);
          return true;
        }
        if (value === undefined) return false;
        finish();
        resolve(value);
        return true;
      };
      const timer = setTimeout(() => {
        finish();
        const seen = this.statuses.map((s) => s.status).join(', ') || 'none';
        reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${what} (statuses seen: ${seen}; events: ${this.events.length})`));
      }, timeoutMs);
      const interval = setInterval(check, 25);
      const finish = (): void => {
        clearTimeout(timer);
        clearInterval(interval);
        this.waiters.delete(waiter);
      };
      const waiter = (): void => {
        check();
      };
      this.waiters.add(waiter);
      check();
    });
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}
