import { afterEach, describe, expect, it } from '@jest/globals';
import type { HistoryImportRequest } from '@switchboard/sdk';
import { proto, type WAMessage } from '@whiskeysockets/baileys';
import { HISTORY_CHECK_MS, HISTORY_DONE_KEY } from '../history-import.js';
import type { Scheduler } from '../whatsapp-session.js';
import { messageId, waMessage } from './fake-whatsapp.js';
import { connectedSession, eventsBeforeNext, type Harness } from './session-harness.js';

const ALICE_JID = '5511912345678@s.whatsapp.net';
const BOB_JID = '5511955554444@s.whatsapp.net';
const GROUP = '120363040000000000@g.us';
const DAY = 86_400_000;
const FULL = proto.HistorySync.HistorySyncType.FULL;

/** Timers the test fires itself: the import's periodic check runs only when the test says so. */
class ManualTimers {
  private timers: { fn: () => void; ms: number; cancelled: boolean }[] = [];
  readonly schedule: Scheduler = (fn, ms) => {
    const timer = { fn, ms, cancelled: false };
    this.timers.push(timer);
    return () => {
      timer.cancelled = true;
    };
  };

  /** Runs the pending timers of this delay; answers how many ran. */
  fire(ms: number): number {
    const due = this.timers.filter((timer) => timer.ms === ms && !timer.cancelled);
    this.timers = this.timers.filter((timer) => !due.includes(timer));
    for (const timer of due) timer.fn();
    return due.length;
  }
}

let h: Harness;
afterEach(async () => {
  await h?.session.stop({ logout: false });
});

function text(jid: string, daysAgo: number, body: string, extra: Record<string, unknown> = {}): WAMessage {
  return waMessage({
    key: { remoteJid: jid, id: messageId(), fromMe: false, ...extra },
    messageTimestamp: Math.floor((Date.now() - daysAgo * DAY) / 1000),
    message: { conversation: body },
  });
}

const lastTen = (groups = false): HistoryImportRequest => ({ from: new Date(Date.now() - 10 * DAY), groups });

async function importing(request: HistoryImportRequest, timers = new ManualTimers()): Promise<Harness> {
  h = await connectedSession({ schedule: timers.schedule }, {}, request);
  // Preparing is the first report, made when the connection opens.
  await h.ctx.waitFor(() => (h.ctx.importReports.length > 0 ? true : undefined), 'the Preparing report', { timeoutMs: 2000 });
  return h;
}

async function reportsUntil(done: (count: number) => boolean, what: string): Promise<void> {
  await h.ctx.waitFor(() => (done(h.ctx.importReports.length) ? true : undefined), what, { timeoutMs: 2000 });
  await h.session.history!.settled();
}

describe('WhatsApp history import', () => {
  it('asks the phone for the full history only when the connection imports it', async () => {
    h = await connectedSession();
    expect(h.whatsapp.socket.options.fullHistory).toBe(false);
    h.whatsapp.history([text(ALICE_JID, 1, 'old news')]);
    await eventsBeforeNext(h.whatsapp, h.ctx);
    expect(h.ctx.messages()).toEqual([]);
    expect(h.ctx.importReports).toEqual([]);
    await h.session.stop({ logout: false });

    await importing(lastTen());
    expect(h.whatsapp.socket.options.fullHistory).toBe(true);
  });

  it('hands over the messages of the window oldest first, flagged as history; older and newer ones are skipped', async () => {
    await importing({ from: new Date(Date.now() - 10 * DAY), until: new Date(Date.now() - DAY), groups: false });
    const tooOld = text(ALICE_JID, 20, 'before the window');
    const first = text(ALICE_JID, 5, 'first');
    const second = text(BOB_JID, 3, 'second', { fromMe: true });
    const tooNew = text(ALICE_JID, 0.5, 'after importRecentMessages');
    // Baileys hands chunks over newest first.
    h.whatsapp.history([tooNew, second, first, tooOld]);
    await h.ctx.waitFor(() => (h.ctx.messages().length === 2 ? true : undefined), 'two history messages', { timeoutMs: 2000 });
    await h.session.history!.settled();
    expect(h.ctx.messages().map((m) => [m.externalId, m.body, m.history, m.fromMe])).toEqual([
      [first.key.id, 'first', true, false],
      [second.key.id, 'second', true, true],
    ]);
  });

  it('skips group chats unless the connection imports groups', async () => {
    await importing(lastTen(false));
    h.whatsapp.history([text(GROUP, 2, 'in the group', { participant: ALICE_JID }), text(ALICE_JID, 2, 'direct')]);
    await reportsUntil((count) => count >= 3, 'the chunk processed');
    expect(h.ctx.messages().map((m) => m.body)).toEqual(['direct']);
    await h.session.stop({ logout: false });

    await importing(lastTen(true));
    h.whatsapp.socket.groups.set(GROUP, 'Support team');
    h.whatsapp.history([text(GROUP, 2, 'in the group', { participant: ALICE_JID })]);
    await h.ctx.waitFor(() => h.ctx.messages()[0], 'the group message', { timeoutMs: 2000 });
    expect(h.ctx.messages()[0]).toMatchObject({ body: 'in the group', history: true, chat: { address: GROUP, isGroup: true } });
  });

  it('reports Preparing (-1) until the first chunk, then processed of total, and ends on the last FULL chunk', async () => {
    const timers = new ManualTimers();
    await importing(lastTen(), timers);
    expect(h.ctx.importReports).toEqual([{ processed: -1, total: 0 }]);
    const older = text(ALICE_JID, 4, 'a');
    const newer = text(ALICE_JID, 2, 'b');
    h.whatsapp.history([newer, older]);
    await reportsUntil((count) => count >= 3, 'the first chunk');
    h.whatsapp.history([text(BOB_JID, 1, 'c')], { syncType: FULL, progress: 100 });
    await reportsUntil((count) => count >= 6, 'the last chunk');
    const at = (message: WAMessage) => new Date(Number(message.messageTimestamp) * 1000);
    expect(h.ctx.importReports.map(({ processed, total, done }) => ({ processed, total, done }))).toEqual([
      { processed: -1, total: 0, done: undefined },
      { processed: 0, total: 2, done: undefined },
      { processed: 2, total: 2, done: undefined },
      { processed: 2, total: 3, done: undefined },
      { processed: 3, total: 3, done: undefined },
      { processed: 3, total: 3, done: true },
    ]);
    expect(h.ctx.importReports[2]!.date).toEqual(at(newer));
    expect(await h.ctx.store.get(HISTORY_DONE_KEY)).toBeTruthy();

    // Chunks after the end, or a reconnect of the same pairing, import nothing more.
    const reports = h.ctx.importReports.length;
    h.whatsapp.history([text(ALICE_JID, 1, 'late')]);
    const from = h.ctx.statuses.length;
    await h.whatsapp.crash();
    await h.ctx.waitFor(() => (timers.fire(2000) > 0 ? true : undefined), 'the reconnect timer', { timeoutMs: 2000 });
    await h.ctx.waitForStatus('CONNECTED', { from, timeoutMs: 2000 });
    await h.session.history!.settled();
    expect(h.ctx.importReports).toHaveLength(reports);
    expect(h.ctx.messages().map((m) => m.body)).toEqual(['a', 'b', 'c']);
  });

  it('keeps reporting while it waits and ends after a quiet spell without chunks', async () => {
    const timers = new ManualTimers();
    await importing(lastTen(), timers);
    for (let check = 1; check <= 3; check += 1) {
      expect(timers.fire(HISTORY_CHECK_MS)).toBe(1);
      await reportsUntil((count) => count >= 1 + check, `check ${check}`);
    }
    expect(h.ctx.importReports.every((report) => report.processed === -1 && !report.done)).toBe(true);
    expect(timers.fire(HISTORY_CHECK_MS)).toBe(1);
    await reportsUntil((count) => count >= 5, 'the end');
    expect(h.ctx.importReports[4]).toEqual({ processed: 0, total: 0, date: undefined, done: true });
    expect(timers.fire(HISTORY_CHECK_MS)).toBe(0);
  });

  it('imports again after a logout, for the new pairing', async () => {
    await importing(lastTen());
    h.whatsapp.history([text(ALICE_JID, 2, 'first pairing')], { syncType: FULL, progress: 100 });
    await reportsUntil((count) => count >= 4, 'the end of the first import');
    expect(h.ctx.importReports[3]).toMatchObject({ processed: 1, total: 1, done: true });
    await h.session.stop({ logout: true });
    expect(await h.ctx.store.get(HISTORY_DONE_KEY)).toBeUndefined();
    await h.session.start();
    await reportsUntil((count) => count >= 5, 'Preparing again');
    expect(h.ctx.importReports[4]).toEqual({ processed: -1, total: 0 });
  });

  it('a chunk resets the quiet spell', async () => {
    const timers = new ManualTimers();
    await importing(lastTen(), timers);
    for (let check = 1; check <= 3; check += 1) {
      timers.fire(HISTORY_CHECK_MS);
      await reportsUntil((count) => count >= 1 + check, `check ${check}`);
    }
    h.whatsapp.history([text(ALICE_JID, 2, 'arrived late')]);
    await reportsUntil((count) => count >= 6, 'the chunk');
    timers.fire(HISTORY_CHECK_MS);
    await reportsUntil((count) => count >= 7, 'one more check');
    expect(h.ctx.importReports.some((report) => report.done)).toBe(false);
    expect(h.ctx.messages().map((m) => m.body)).toEqual(['arrived late']);
  });
});
