import type { ChannelSessionContext, HistoryImportRequest } from '@switchboard/sdk';
import { isJidBroadcast, isJidNewsletter, proto, toNumber, type BaileysEventMap, type WAMessage } from '@whiskeysockets/baileys';
import type { InboundMessageMapper } from './inbound-message.js';
import { isGroupJid } from './whatsapp-address.js';
import type { Scheduler } from './whatsapp-session.js';

export type HistorySet = BaileysEventMap['messaging-history.set'];

/**
 * Set in the connection's store when its import has ended. The store is cleared with the pairing (logout), and
 * WhatsApp sends the history only to a new pairing, so a new pairing imports again and a mere reconnect does not.
 */
export const HISTORY_DONE_KEY = 'history:done';
/** Progress is reported every this many messages, and after each history chunk. */
const REPORT_EVERY = 50;
/**
 * How often a running import checks in: it reports its progress again (which keeps the web's 35-second Preparing
 * indicator alive while the phone prepares the history) and counts a check without any chunk as idle.
 */
export const HISTORY_CHECK_MS = 30_000;
/** Idle checks that end an import: the phone sends nothing more (Baileys gives up on a stalled sync after 120 s). */
const IDLE_CHECKS_TO_END = 4;

export interface HistoryImportOptions {
  request: HistoryImportRequest;
  ctx: Pick<ChannelSessionContext, 'inbound' | 'importProgress' | 'store' | 'log'>;
  mapper: InboundMessageMapper;
  schedule: Scheduler;
  now?: () => Date;
}

const secondsOf = (message: WAMessage): number => (message.messageTimestamp ? toNumber(message.messageTimestamp) : 0);

/**
 * A connection's history import: the messages of WhatsApp's history chunks (`messaging-history.set`) that fall in
 * the requested window become inbound messages flagged `history`, oldest first, with progress reports (-1 while
 * preparing, then processed of total, where total grows as chunks arrive). It runs on a chain of its own, so live
 * messages are not held up behind a long history. It ends on the last FULL chunk (progress 100) or after a quiet
 * spell without chunks.
 */
export class HistoryImport {
  private state: 'waiting' | 'running' | 'ended' = 'waiting';
  /** False while the session is stopped: chunks and checks are then left alone. */
  private active = false;
  /** A chunk has arrived; until then the import is preparing. */
  private prepared = false;
  private processed = 0;
  private total = 0;
  private lastDate: Date | undefined;
  private idleChecks = 0;
  private until: Date | undefined;
  private cancelCheck: (() => void) | undefined;
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly options: HistoryImportOptions) {}

  /** The connection is open: starts the import unless this pairing has had one; a running one goes on. */
  begin(): void {
    this.active = true;
    this.enqueue(async () => {
      if (this.state === 'waiting') {
        if (await this.options.ctx.store.get(HISTORY_DONE_KEY)) {
          this.state = 'ended';
          return;
        }
        this.state = 'running';
        this.until = this.options.request.until ?? (this.options.now ?? (() => new Date()))();
        await this.report();
      }
      if (this.state === 'running') this.armCheck();
    });
  }

  /** The session stops or its socket closed: nothing more is handed over until the next begin(). */
  pause(): void {
    this.active = false;
    this.cancelCheck?.();
    this.cancelCheck = undefined;
  }

  /** The pairing ended (logout): the next pairing imports its history afresh. */
  reset(): void {
    this.pause();
    this.state = 'waiting';
    this.prepared = false;
    this.processed = 0;
    this.total = 0;
    this.lastDate = undefined;
    this.idleChecks = 0;
  }

  /** A history chunk from the socket. */
  receive(set: HistorySet): void {
    this.enqueue(async () => {
      if (this.state !== 'running') return;
      this.idleChecks = 0;
      this.prepared = true;
      const wanted = set.messages.filter((message) => this.wanted(message)).sort((a, b) => secondsOf(a) - secondsOf(b));
      this.total += wanted.length;
      await this.report();
      for (const message of wanted) {
        if (!this.active) return;
        await this.handOver(message);
        this.processed += 1;
        this.lastDate = new Date(secondsOf(message) * 1000);
        if (this.processed % REPORT_EVERY === 0) await this.report();
      }
      if (wanted.length % REPORT_EVERY !== 0) await this.report();
      if (set.syncType === proto.HistorySync.HistorySyncType.FULL && set.progress === 100) await this.end();
    });
  }

  /** Waits for what has been handed to the import so far (tests, shutdown). */
  settled(): Promise<void> {
    return this.chain;
  }

  /** One message to core; one that fails is logged and skipped, so that it does not cost the rest of the chunk. */
  private async handOver(message: WAMessage): Promise<void> {
    try {
      const event = await this.options.mapper.map(message);
      // Only messages are history: reactions, edits and revokes of the past changed what the chunk already holds.
      if (event?.type === 'message') await this.options.ctx.inbound({ ...event, history: true });
    } catch (error) {
      this.options.ctx.log.warn('whatsapp: history message skipped', { externalId: message.key.id, error: String(error) });
    }
  }

  private wanted(message: WAMessage): boolean {
    const jid = message.key.remoteJid;
    if (!jid || !message.key.id || !message.message || isJidBroadcast(jid) || isJidNewsletter(jid)) return false;
    if (isGroupJid(jid) && !this.options.request.groups) return false;
    const time = secondsOf(message) * 1000;
    return time > 0 && time >= this.options.request.from.getTime() && time <= this.until!.getTime();
  }

  private armCheck(): void {
    this.cancelCheck?.();
    this.cancelCheck = this.options.schedule(() => {
      this.cancelCheck = undefined;
      this.enqueue(async () => {
        if (this.state !== 'running') return;
        this.idleChecks += 1;
        if (this.idleChecks >= IDLE_CHECKS_TO_END) return this.end();
        await this.report();
        this.armCheck();
      });
    }, HISTORY_CHECK_MS);
  }

  private async end(): Promise<void> {
    this.state = 'ended';
    this.pause();
    await this.options.ctx.store.set(HISTORY_DONE_KEY, new Date().toISOString());
    await this.options.ctx.importProgress?.({ processed: this.processed, total: this.total, date: this.lastDate, done: true });
    this.options.ctx.log.info('whatsapp: history import ended', { processed: this.processed, total: this.total });
  }

  private async report(): Promise<void> {
    const processed = this.prepared ? this.processed : -1;
    await this.options.ctx.importProgress?.({ processed, total: this.total, ...(this.lastDate ? { date: this.lastDate } : {}) });
  }

  private enqueue(task: () => Promise<void>): void {
    this.chain = this.chain
      .then(() => (this.active ? task() : undefined))
      .catch((error) => this.options.ctx.log.error('whatsapp: history import failed', { error: String(error) }));
  }
}
