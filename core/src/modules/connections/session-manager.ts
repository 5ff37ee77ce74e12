import { inject, injectable, type ChannelSession, type ConnectionInfo, type ConnectionStatus, type PluginLogger } from '@switchboard/sdk';
import { SecretKeys } from '../../platform/auth/app-secret.js';
import { LiveSessions } from '../../platform/channels/live-sessions.js';
import { Database } from '../../platform/database/database.js';
import { SessionLock, type LockHandle } from '../../platform/locks/session-lock.js';
import { PluginRegistry } from '../../platform/plugins/channel-registry.js';
import { RealtimeBus, rooms } from '../../platform/realtime/realtime-bus.js';
import { Logger } from '../../platform/tokens.js';
import { InboundPipeline } from '../conversations/inbound-pipeline.js';
import { MessageDelivery } from '../messages/message-delivery.js';
import { toConnectionInfo } from './connection-info.js';
import { DatabasePluginStore } from './plugin-store.js';

const LOCK_TTL_MS = 30_000;
const SWEEP_MS = 15_000;
const MAX_BACKOFF_MS = 60_000;

interface Running {
  lock: LockHandle;
  session: ChannelSession;
  dispose(): void;
  retry?: NodeJS.Timeout;
  failures: number;
}

/**
 * Runs the channel sessions. Each connection's session lives on exactly one node (the holder of its
 * SessionLock); a sweep takes over the sessions of a node that died. A session whose start fails is retried
 * with a growing backoff. Status changes are stored and announced as `whatsappSession` events.
 */
@injectable()
export class SessionManager {
  private readonly running = new Map<number, Running>();
  private sweep?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    @inject(Database) private readonly database: Database,
    @inject(SessionLock) private readonly locks: SessionLock,
    @inject(LiveSessions) private readonly live: LiveSessions,
    @inject(PluginRegistry) private readonly registry: PluginRegistry,
    @inject(SecretKeys) private readonly secrets: SecretKeys,
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
    @inject(InboundPipeline) private readonly pipeline: InboundPipeline,
    @inject(MessageDelivery) private readonly delivery: MessageDelivery,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  /** Starts every connection this node can own, and keeps sweeping for orphaned ones. */
  async startAll(): Promise<void> {
    await this.sweepOnce();
    this.sweep = setInterval(
      () => void this.sweepOnce().catch((error) => this.logger.error({ err: error }, 'session sweep failed')),
      SWEEP_MS,
    );
    this.sweep.unref();
  }

  async stopAll(): Promise<void> {
    this.stopped = true;
    if (this.sweep) clearInterval(this.sweep);
    await Promise.all([...this.running.keys()].map((id) => this.stop(id, { logout: false })));
  }

  isRunningHere(connectionId: number): boolean {
    return this.running.has(connectionId);
  }

  /** Starts the session of a connection if no node runs it yet. */
  async ensureStarted(connectionId: number): Promise<void> {
    if (this.stopped || this.running.has(connectionId)) return;
    const row = await this.database.knex('connections').where('id', connectionId).first();
    const contribution = row ? this.registry.channel(row.channel) : undefined;
    if (!row || !contribution) return;
    const lock = await this.locks.acquire(`session:${connectionId}`, {
      ttlMs: LOCK_TTL_MS,
      onLost: () => void this.stopLocal(connectionId),
    });
    if (!lock) return;
    const connection = toConnectionInfo(row, this.secrets);
    const session = contribution.createSession({
      connection,
      inbound: (event) => this.pipeline.receive(connection, event),
      setStatus: (status, extra) => this.setStatus(connection, status, extra),
      store: new DatabasePluginStore(
        this.database.knex,
        { company_id: row.company_id, plugin_id: row.channel, scope: `connection:${row.id}` },
        row.id,
      ),
      log: this.pluginLogger(connection),
    });
    const registration = this.live.register({ connection, session });
    this.running.set(connectionId, { lock, session, dispose: () => registration.dispose(), failures: 0 });
    this.delivery.serve(connectionId);
    await this.boot(connectionId);
  }

  async stop(connectionId: number, options: { logout: boolean }): Promise<void> {
    const running = this.running.get(connectionId);
    if (!running) return;
    this.running.delete(connectionId);
    if (running.retry) clearTimeout(running.retry);
    running.dispose();
    await running.session.stop(options).catch((error) => this.logger.warn({ err: error, connectionId }, 'session stop failed'));
    await running.lock.release();
  }

  /** Stop and start again (the "try again" button, a settings change). */
  async restart(connectionId: number): Promise<void> {
    await this.stop(connectionId, { logout: false });
    await this.ensureStarted(connectionId);
  }

  private async boot(connectionId: number): Promise<void> {
    const running = this.running.get(connectionId);
    if (!running || this.stopped) return;
    try {
      await running.session.start();
      running.failures = 0;
    } catch (error) {
      running.failures += 1;
      const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (running.failures - 1));
      this.logger.warn({ err: error, connectionId, retryInMs: delay }, 'channel session failed to start');
      await this.database.knex('connections').where('id', connectionId).update({ status: 'DISCONNECTED', retries: running.failures });
      running.retry = setTimeout(() => void this.boot(connectionId), delay);
      running.retry.unref();
    }
  }

  /** A lock lost to another node: give the session up here without touching the channel account. */
  private async stopLocal(connectionId: number): Promise<void> {
    const running = this.running.get(connectionId);
    if (!running) return;
    this.running.delete(connectionId);
    if (running.retry) clearTimeout(running.retry);
    running.dispose();
    await running.session.stop({ logout: false }).catch(() => {});
  }

  private async sweepOnce(): Promise<void> {
    const channels = this.registry.channels.map((channel) => channel.channel);
    if (channels.length === 0) return;
    const rows = await this.database.knex('connections').whereIn('channel', channels).select('id');
    for (const { id } of rows) await this.ensureStarted(id);
  }

  private async setStatus(
    connection: ConnectionInfo,
    status: ConnectionStatus,
    extra: { qrcode?: string; number?: string } = {},
  ): Promise<void> {
    const changes: Record<string, unknown> = { status, qrcode: extra.qrcode ?? '', updated_at: new Date() };
    if (extra.number) changes.number = extra.number;
    await this.database.knex('connections').where('id', connection.id).update(changes);
    this.realtime.emit(rooms.company(connection.companyId), 'whatsappSession', {
      action: 'update',
      session: { id: connection.id, status, qrcode: extra.qrcode ?? '', number: extra.number },
    });
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
