import { randomUUID } from 'node:crypto';
import {
  inject,
  injectable,
  optional,
  type ChannelSession,
  type ConnectionInfo,
  type ConnectionStatus,
  type HistoryImportProgress,
  type HistoryImportRequest,
  type PluginLogger,
} from '@switchboard/sdk';
import { SecretKeys } from '../../platform/auth/app-secret.js';
import { LiveSessions } from '../../platform/channels/live-sessions.js';
import { SessionLock, type LockHandle } from '../../platform/locks/session-lock.js';
import { PluginRegistry } from '../../platform/plugins/channel-registry.js';
import { RealtimeBus, rooms } from '../../platform/realtime/realtime-bus.js';
import { SystemData } from '../../platform/system-data.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import { outsideRequest } from '../../platform/metrics/index.js';
import { InboundPipeline } from '../conversations/index.js';
import { toConnectionInfo } from './connection-info.js';
import { SessionWork } from './session-work.js';
import { connectionStore } from './plugin-store.js';
import { SessionOwners } from './session-owners.js';
import { CompanySettingModel, companySettingColumns, secretSettingColumns, type CompanySettingColumn } from '../settings/index.js';

const isOpenSetting = (key: string): key is CompanySettingColumn =>
  (companySettingColumns as readonly string[]).includes(key) && !secretSettingColumns.includes(key as CompanySettingColumn);

export const SessionManagerOptions = Symbol('SessionManagerOptions');
/** Timings of the session manager; bind a value to change them (tests make them small). */
export interface SessionManagerOptions {
  /**
   * How long a session lock lives without renewal. A dead node's sessions move after at most this plus one sweep
   * (the 30 seconds of the scaled-mode promise). Default 15000.
   */
  lockTtlMs?: number;
  /** How often each node looks for connections whose session runs nowhere. Default 5000. */
  sweepMs?: number;
  /** First retry delay after a failed start or a crash; doubles with each further failure. Default 1000. */
  backoffBaseMs?: number;
  /** The longest retry delay. Default 60000. */
  maxBackoffMs?: number;
  /** How long a session's stop may take before core gives up on it and releases the lock anyway. Default 10000. */
  stopTimeoutMs?: number;
}

/** Told to the other nodes when one released its sessions on a graceful stop. */
const SESSIONS_RELEASED = 'sessions-released';

const DEFAULTS: Required<SessionManagerOptions> = {
  lockTtlMs: 15_000,
  sweepMs: 5_000,
  backoffBaseMs: 1_000,
  maxBackoffMs: 60_000,
  stopTimeoutMs: 10_000,
};

/**
 * booting: start() under way; started: start() resolved; restarting: core is stopping it to start it again;
 * stopping: core is stopping it for good (its status reports are still stored); gone: stopped or lost to
 * another node (its reports are ignored).
 */
type SessionState = 'booting' | 'started' | 'restarting' | 'stopping' | 'gone';

interface Running {
  connection: ConnectionInfo;
  lock: LockHandle;
  session: ChannelSession;
  state: SessionState;
  /** Failed starts and crashes since the session last reported CONNECTED. */
  failures: number;
  retry?: NodeJS.Timeout;
  dispose(): void;
}

/**
 * Runs the channel sessions. Each connection's session lives on exactly one node (the holder of its
 * SessionLock); a sweep takes over the sessions of a node that died. A session whose start fails, or that reports
 * DISCONNECTED on its own while running (a crash), is stopped and started again with a growing, capped backoff;
 * reporting CONNECTED resets the backoff. Status changes are stored and announced as `whatsappSession` events.
 */
@injectable()
export class SessionManager {
  private readonly running = new Map<number, Running>();
  /** ensureStarted calls under way, so that stopAll can wait for them and release what they acquired. */
  private readonly starting = new Map<number, Promise<unknown>>();
  private readonly options: Required<SessionManagerOptions>;
  private sweep?: NodeJS.Timeout;
  private heartbeat?: NodeJS.Timeout;
  /** In scaled mode, the database's fence behind the Redis locks (none with the in-process lock of one node). */
  private readonly owners?: SessionOwners;
  private sweeping = false;
  private stopped = false;

  constructor(
    @inject(SystemData) private readonly system: SystemData,
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(SessionLock) private readonly locks: SessionLock,
    @inject(LiveSessions) private readonly live: LiveSessions,
    @inject(PluginRegistry) private readonly registry: PluginRegistry,
    @inject(SecretKeys) private readonly secrets: SecretKeys,
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
    @inject(InboundPipeline) private readonly pipeline: InboundPipeline,
    @inject(SessionWork) private readonly delivery: SessionWork,
    @inject(Logger) private readonly logger: Logger,
    @inject(SessionManagerOptions) @optional() options: SessionManagerOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...positiveTimings(options) };
    if (locks.implementation === 'redis') this.owners = new SessionOwners(system, randomUUID(), this.options.lockTtlMs);
  }

  /** Starts every connection this node can own, and keeps sweeping for orphaned ones. */
  async startAll(): Promise<void> {
    this.stopped = false;
    // A node stopping gracefully says so: the others sweep at once instead of at their next turn.
    this.cluster()?.on(SESSIONS_RELEASED, this.onReleased);
    if (this.owners) {
      const owners = this.owners;
      this.heartbeat = setInterval(
        () => void owners.beat([...this.running.keys()]).catch((error) => this.logger.warn({ err: error }, 'session heartbeat not stored')),
        Math.max(1, Math.floor(this.options.lockTtlMs / 3)),
      );
      this.heartbeat.unref();
    }
    await this.sweepOnce();
    if (this.stopped) return;
    this.sweep = setInterval(() => void this.sweepOnce(), this.options.sweepMs);
    this.sweep.unref();
  }

  /** Stops every session of this node and releases its locks, so that another node can take them at once. */
  async stopAll(): Promise<void> {
    this.stopped = true;
    if (this.sweep) clearInterval(this.sweep);
    this.sweep = undefined;
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    this.cluster()?.off(SESSIONS_RELEASED, this.onReleased);
    // A start under way may be about to take a lock: let it finish taking (it gives the lock back when it sees
    // stopped), then stop what is running, sessions still in start() included.
    await Promise.allSettled([...this.starting.values()]);
    const released = [...this.running.keys()];
    await Promise.all(released.map((id) => this.stop(id, { logout: false })));
    if (released.length > 0) this.cluster()?.serverSideEmit(SESSIONS_RELEASED);
  }

  private readonly onReleased = (): void => void this.sweepOnce();

  /** The other nodes, through the realtime bus's Redis adapter; none on one node, or before the bus is attached. */
  private cluster() {
    if (this.realtime.implementation !== 'socket.io+redis') return undefined;
    try {
      return this.realtime.io;
    } catch {
      return undefined;
    }
  }

  isRunningHere(connectionId: number): boolean {
    return this.running.has(connectionId);
  }

  /** How many sessions this node runs (reported by /health). */
  get runningCount(): number {
    return this.running.size;
  }

  /** Starts the session of a connection if no node runs it yet. */
  async ensureStarted(connectionId: number): Promise<void> {
    if (this.stopped || this.running.has(connectionId)) return;
    const pending = this.starting.get(connectionId);
    if (pending) return void (await pending);
    // A session outlives the request that starts it: its later log lines must not carry that request's id.
    const taking = outsideRequest(() => this.take(connectionId)).finally(() => this.starting.delete(connectionId));
    this.starting.set(connectionId, taking);
    const running = await taking;
    if (running) await outsideRequest(() => this.boot(running));
  }

  async stop(connectionId: number, options: { logout: boolean }): Promise<void> {
    const running = this.running.get(connectionId);
    if (!running) return;
    this.running.delete(connectionId);
    clearTimeout(running.retry);
    running.dispose();
    await this.delivery.unserve(connectionId);
    running.state = 'stopping';
    try {
      await this.stopSession(running, options);
    } finally {
      running.state = 'gone';
      await this.owners?.give(connectionId).catch((error) => this.logger.warn({ err: error, connectionId }, 'session owner not cleared'));
      // The lock goes last, so that a node taking over finds the session stopped and its last status stored.
      await running.lock.release().catch((error) => this.logger.warn({ err: error, connectionId }, 'session lock release failed'));
    }
  }

  /** Stop and start again (the "try again" button, a settings change). */
  async restart(connectionId: number): Promise<void> {
    await this.stop(connectionId, { logout: false });
    await this.ensureStarted(connectionId);
  }

  /**
   * A person disconnected the connection (DELETE /whatsappsession): stop it logging out, store DISCONNECTED, and
   * keep the sweep from starting it again until someone starts it (a `core` row of the connection's plugin_store
   * scope, which goes with the connection).
   */
  async disconnect(connectionId: number): Promise<void> {
    const row = await this.system.knex('connections').where('id', connectionId).first('id', 'company_id');
    if (!row) return;
    await this.system
      .knex('plugin_store')
      .insert({ ...heldKey(row.company_id, connectionId), whatsapp_id: connectionId, value: new Date().toISOString() })
      .onConflict(['company_id', 'plugin_id', 'scope', 'key'])
      .merge({ value: new Date().toISOString(), updated_at: new Date() });
    await this.stop(connectionId, { logout: true });
    await this.system
      .knex('connections')
      .where('id', connectionId)
      .update({ status: 'DISCONNECTED', qrcode: '', retries: 0, updated_at: new Date() });
    this.realtime.emit(rooms.company(row.company_id), 'whatsappSession', {
      action: 'update',
      session: { id: connectionId, status: 'DISCONNECTED', qrcode: '' },
    });
  }

  /** A person started the connection (POST /whatsappsession, whatsapp-restart): lift a disconnect and (re)start it. */
  async connect(connectionId: number, options: { logout?: boolean } = {}): Promise<void> {
    await this.system.knex('plugin_store').where({ plugin_id: HELD.plugin_id, key: HELD.key, whatsapp_id: connectionId }).delete();
    await this.stop(connectionId, { logout: options.logout ?? false });
    await this.ensureStarted(connectionId);
  }

  /** Takes the connection's lock and creates its session; undefined when another node (or nobody) should run it. */
  private async take(connectionId: number): Promise<Running | undefined> {
    const row = await this.system.knex('connections').where('id', connectionId).first();
    const contribution = row ? this.registry.channel(row.channel) : undefined;
    if (!row || !contribution || this.stopped) return undefined;
    const lock = await this.locks.acquire(`session:${connectionId}`, {
      ttlMs: this.options.lockTtlMs,
      onLost: () => void this.stopLocal(connectionId),
    });
    if (!lock) return undefined;
    if (this.stopped || this.running.has(connectionId) || !(await this.claimed(connectionId))) {
      await lock.release();
      return undefined;
    }
    const connection = toConnectionInfo(row, this.secrets);
    // The record exists before the session, so that the context can tell its reports apart from a stale session's.
    const running = { connection, lock, state: 'booting', failures: 0 } as Running;
    let session: ChannelSession;
    try {
      session = contribution.createSession({
        connection,
        inbound: (event) => this.pipeline.receive(connection, event),
        setStatus: (status, extra) => this.reportStatus(running, status, extra),
        companySetting: (key) => this.companySetting(row.company_id, key),
        historyImport: historyImportOf(row),
        importProgress: (progress) => this.reportImport(running, progress),
        store: connectionStore(this.tenancy, this.secrets, connection),
        log: this.pluginLogger(connection),
      });
    } catch (error) {
      // The sweep tries again later; keeping the lock would keep every other node from trying.
      this.logger.error({ err: error, connectionId }, 'channel session could not be created');
      await lock.release();
      return undefined;
    }
    running.session = session;
    const registration = this.live.register({ connection, session });
    running.dispose = () => registration.dispose();
    this.running.set(connectionId, running);
    this.delivery.serve(connectionId);
    return running;
  }

  /** Whether the database lets this node run the session (no other node's recent heartbeat for it). */
  private async claimed(connectionId: number): Promise<boolean> {
    if (!this.owners) return true;
    try {
      if (await this.owners.claim(connectionId)) return true;
      this.logger.warn({ connectionId }, 'session lock won while another node still runs the session; left to it');
    } catch (error) {
      this.logger.warn({ err: error, connectionId }, 'session owner not claimed');
    }
    return false;
  }

  /** Starts the session; a failure schedules another attempt after the backoff. */
  private async boot(running: Running): Promise<void> {
    if (!this.isCurrent(running) || this.stopped) return;
    running.state = 'booting';
    try {
      await running.session.start();
      if (this.isCurrent(running) && running.state === 'booting') running.state = 'started';
    } catch (error) {
      if (!this.isCurrent(running) || running.state !== 'booting') return;
      const delay = this.scheduleRetry(running);
      this.logger.warn({ err: error, connectionId: running.connection.id, retryInMs: delay }, 'channel session failed to start');
      await this.system
        .knex('connections')
        .where('id', running.connection.id)
        .update({ status: 'DISCONNECTED', retries: running.failures, updated_at: new Date() })
        .catch((failure) => this.logger.warn({ err: failure }, 'connection status not stored'));
    }
  }

  /** Counts a failure and starts the session again (stop, then start) after a growing delay. */
  private scheduleRetry(running: Running): number {
    running.failures += 1;
    const delay = Math.min(this.options.maxBackoffMs, this.options.backoffBaseMs * 2 ** Math.min(30, running.failures - 1));
    clearTimeout(running.retry);
    running.retry = setTimeout(() => void this.restartInPlace(running), delay);
    running.retry.unref();
    return delay;
  }

  private async restartInPlace(running: Running): Promise<void> {
    running.retry = undefined;
    if (!this.isCurrent(running) || this.stopped) return;
    running.state = 'restarting';
    await this.stopSession(running, { logout: false });
    await this.boot(running);
  }

  /** A lock lost to another node: give the session up here without touching the channel account or its status. */
  private async stopLocal(connectionId: number): Promise<void> {
    const running = this.running.get(connectionId);
    if (!running) return;
    this.logger.warn({ connectionId }, 'session lock lost: another node may run this session now');
    this.running.delete(connectionId);
    clearTimeout(running.retry);
    running.state = 'gone';
    running.dispose();
    await this.delivery.unserve(connectionId);
    await this.stopSession(running, { logout: false });
    await this.owners?.give(connectionId).catch((error) => this.logger.warn({ err: error, connectionId }, 'session owner not cleared'));
  }

  /** session.stop, bounded in time: a stop that hangs must not keep the lock (and shutdown) forever. */
  private async stopSession(running: Running, options: { logout: boolean }): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.options.stopTimeoutMs);
      timer.unref();
    });
    try {
      const outcome = await Promise.race([running.session.stop(options).then(() => 'stopped' as const), timeout]);
      if (outcome === 'timeout') this.logger.warn({ connectionId: running.connection.id }, 'session stop timed out');
    } catch (error) {
      this.logger.warn({ err: error, connectionId: running.connection.id }, 'session stop failed');
    } finally {
      clearTimeout(timer);
    }
  }

  private isCurrent(running: Running): boolean {
    return this.running.get(running.connection.id) === running;
  }

  private async sweepOnce(): Promise<void> {
    if (this.sweeping || this.stopped) return;
    this.sweeping = true;
    try {
      const channels = this.registry.channels.map((channel) => channel.channel);
      if (channels.length === 0) return;
      const knex = this.system.knex;
      // Connections a person disconnected stay down until someone starts them.
      const rows = await knex('connections')
        .whereIn('channel', channels)
        .whereNotExists(
          knex('plugin_store').whereRaw('plugin_store.whatsapp_id = connections.id').where({ plugin_id: HELD.plugin_id, key: HELD.key }),
        )
        .orderBy('id')
        .select('id');
      for (const { id } of rows) {
        if (this.stopped) return;
        // One connection failing (its row, Redis for a moment) must not keep the others from starting.
        await this.ensureStarted(id).catch((error) => this.logger.error({ err: error, connectionId: id }, 'session start failed'));
      }
    } catch (error) {
      this.logger.error({ err: error }, 'session sweep failed');
    } finally {
      this.sweeping = false;
    }
  }

  /** ctx.setStatus of a session: stored and announced, and a crash (DISCONNECTED while running) is restarted. */
  private async reportStatus(running: Running, status: ConnectionStatus, extra: { qrcode?: string; number?: string } = {}): Promise<void> {
    // A session stopped here or lost to another node no longer speaks for the connection.
    if (running.state === 'gone') return;
    const changes: Record<string, unknown> = { status, qrcode: extra.qrcode ?? '', updated_at: new Date() };
    if (extra.number) changes.number = extra.number;
    if (status === 'CONNECTED') {
      running.failures = 0;
      changes.retries = 0;
    }
    // Reported by a running session that core did not stop: it crashed. Start it again after the backoff.
    const crashed = status === 'DISCONNECTED' && running.state === 'started' && this.isCurrent(running) && !this.stopped && !running.retry;
    if (crashed) {
      const delay = this.scheduleRetry(running);
      changes.retries = running.failures;
      this.logger.warn({ connectionId: running.connection.id, retryInMs: delay }, 'channel session disconnected: restarting');
    }
    await this.system.knex('connections').where('id', running.connection.id).update(changes);
    this.realtime.emit(rooms.company(running.connection.companyId), 'whatsappSession', {
      action: 'update',
      session: { id: running.connection.id, status, qrcode: extra.qrcode ?? '', number: extra.number },
    });
  }

  /**
   * ctx.importProgress of a session: statusImportMessages and the company's `importMessages` event (update with
   * this = processed, -1 while preparing; all = total). At the end, a refresh; the close-tickets button is offered
   * unless closedTicketsPostImported made the imported tickets closed already.
   */
  private async reportImport(running: Running, progress: HistoryImportProgress): Promise<void> {
    if (running.state === 'gone') return;
    const { id, companyId } = running.connection;
    const connection = this.system.knex('connections').where('id', id);
    if (progress.done) {
      const row = await connection.clone().first('closed_tickets_post_imported');
      await connection.update({ status_import_messages: row?.closed_tickets_post_imported ? null : IMPORT_ENDED, updated_at: new Date() });
      this.realtime.emit(rooms.company(companyId), 'importMessages', { action: 'refresh', whatsappId: id });
      return;
    }
    await connection.update({ status_import_messages: String(Date.now()) });
    this.realtime.emit(rooms.company(companyId), 'importMessages', {
      action: 'update',
      whatsappId: id,
      status: { this: progress.processed, all: progress.total, date: (progress.date ?? new Date()).toISOString() },
    });
  }

  /** A company setting option for a channel session; secret columns (payment tokens) are never handed out. */
  private async companySetting(companyId: number, key: string): Promise<string | undefined> {
    if (!isOpenSetting(key)) return undefined;
    const row = await this.tenancy.of(companyId).query(CompanySettingModel).first();
    const value = row ? (row as unknown as Record<string, unknown>)[key] : undefined;
    return value === undefined || value === null ? undefined : String(value);
  }

  private pluginLogger(connection: ConnectionInfo): PluginLogger {
    const child = this.logger.child({ connectionId: connection.id, channel: connection.channel });
    return {
      debug: (message, data) => child.debug(data ?? {}, message),
      info: (message, data) => child.info(data ?? {}, message),
      warn: (message, data) => child.warn(data ?? {}, message),
      error: (message, data) => child.error(data ?? {}, message),
    };
  }
}

/** The plugin_store row that marks a connection disconnected by a person. */
const HELD = { plugin_id: 'core', key: 'disconnected' } as const;

function heldKey(companyId: number, connectionId: number) {
  return { company_id: companyId, plugin_id: HELD.plugin_id, scope: `connection:${connectionId}`, key: HELD.key };
}

/**
 * statusImportMessages once an import has ended with its tickets still active: the web shows the button that closes
 * them (POST /closedimported). During an import it holds the time of the last progress report (ms), which the web
 * shows as Preparing for 35 seconds.
 */
export const IMPORT_ENDED = 'renderButtonCloseTickets';

/** The history import a connection row asks for (importOldMessages set), as a channel session reads it. */
function historyImportOf(row: {
  import_old_messages: Date | string | null;
  import_recent_messages: Date | string | null;
  import_old_messages_groups: boolean;
}): HistoryImportRequest | undefined {
  if (!row.import_old_messages) return undefined;
  return {
    from: new Date(row.import_old_messages),
    ...(row.import_recent_messages ? { until: new Date(row.import_recent_messages) } : {}),
    groups: Boolean(row.import_old_messages_groups),
  };
}

/** The timings given as positive numbers; an unset or zero one keeps its default. */
function positiveTimings(options: SessionManagerOptions): SessionManagerOptions {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => typeof value === 'number' && value > 0));
}
