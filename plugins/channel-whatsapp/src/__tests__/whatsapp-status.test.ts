import { describe, expect, it } from '@jest/globals';
import { RecordingSessionContext } from '@switchboard/sdk/testing';
import { WhatsappSession } from '../whatsapp-session.js';
import { FakeWhatsapp } from './fake-whatsapp.js';
import { eventsBeforeNext } from './session-harness.js';

/** A scheduler that only records; the test fires what it scheduled. */
class ManualScheduler {
  readonly scheduled: { fn: () => void; ms: number; cancelled: boolean }[] = [];
  readonly schedule = (fn: () => void, ms: number): (() => void) => {
    const entry = { fn, ms, cancelled: false };
    this.scheduled.push(entry);
    return () => {
      entry.cancelled = true;
    };
  };
  fireLast(): void {
    this.scheduled[this.scheduled.length - 1]!.fn();
  }
}

function setup(settings: Record<string, unknown> = {}) {
  const whatsapp = new FakeWhatsapp();
  whatsapp.autoOpen = false;
  whatsapp.qrFirst = true;
  const ctx = new RecordingSessionContext({ channel: 'whatsapp', settings });
  const scheduler = new ManualScheduler();
  const session = new WhatsappSession(ctx, {
    socketFactory: whatsapp.factory,
    download: whatsapp.download,
    schedule: scheduler.schedule,
    backoff: { initialMs: 1000, factor: 2, maxMs: 3000 },
  });
  return { whatsapp, ctx, scheduler, session };
}

describe('WhatsappSession status', () => {
  it('reports OPENING, the QR text, then CONNECTED with the number', async () => {
    const { whatsapp, ctx, session } = setup();
    await session.start();
    await ctx.waitForStatus('qrcode', { timeoutMs: 2000 });
    whatsapp.socket.open();
    await ctx.waitForStatus('CONNECTED', { timeoutMs: 2000 });
    expect(ctx.statuses.map((s) => [s.status, s.extra])).toEqual([
      ['OPENING', undefined],
      ['qrcode', { qrcode: 'QR-1' }],
      ['CONNECTED', { number: '5511988887777' }],
    ]);
    await session.stop({ logout: false });
    expect(ctx.status).toBe('DISCONNECTED');
  });

  it('saves creds on creds.update through the store', async () => {
    const { whatsapp, ctx, session } = setup();
    await session.start();
    whatsapp.socket.options.auth.creds.registered = true;
    whatsapp.socket.ev.fire('creds.update', { registered: true });
    await eventsBeforeNext(whatsapp, ctx);
    expect(JSON.parse((await ctx.store.get('creds'))!).registered).toBe(true);
    await session.stop({ logout: false });
  });

  it('asks for a pairing code when a pairing number is set, and reports PAIRING with it', async () => {
    const { ctx, session } = setup({ pairingNumber: '+55 11 98888-7777' });
    await session.start();
    const pairing = await ctx.waitForStatus('PAIRING', { timeoutMs: 2000 });
    expect(pairing.extra).toEqual({ qrcode: 'ABCD-EFGH' });
    expect(ctx.statuses.some((s) => s.status === 'qrcode')).toBe(false);
    await session.stop({ logout: false });
  });

  it('reports TIMEOUT when the QR expires unscanned, and does not reconnect', async () => {
    const { whatsapp, ctx, scheduler, session } = setup();
    await session.start();
    await ctx.waitForStatus('qrcode', { timeoutMs: 2000 });
    whatsapp.socket.close(408);
    await ctx.waitForStatus('TIMEOUT', { timeoutMs: 2000 });
    expect(scheduler.scheduled).toHaveLength(0);
    await session.stop({ logout: false });
  });

  it('on loggedOut (401) clears the store and does not reconnect', async () => {
    const { whatsapp, ctx, scheduler, session } = setup();
    await ctx.store.set('creds', '{}');
    await ctx.store.set('key:session:a', '"x"');
    await session.start();
    whatsapp.socket.open();
    await ctx.waitForStatus('CONNECTED', { timeoutMs: 2000 });
    whatsapp.socket.close(401);
    await ctx.waitForStatus('DISCONNECTED', { timeoutMs: 2000 });
    // No later socket event can pass the closed socket. A reconnect would be scheduled right after the report, in
    // the session's continuation: one turn of the event loop lets it run (no timer, nothing left to chance).
    await new Promise((resolve) => setImmediate(resolve));
    expect(ctx.store.size).toBe(0);
    expect(scheduler.scheduled).toHaveLength(0);
    expect(whatsapp.sockets).toHaveLength(1);
  });

  it('stop({ logout: true }) logs the account out and clears the store', async () => {
    const { whatsapp, ctx, session } = setup();
    await session.start();
    whatsapp.socket.open();
    await ctx.waitForStatus('CONNECTED', { timeoutMs: 2000 });
    await ctx.store.set('key:session:a', '"x"');
    await session.stop({ logout: true });
    expect(whatsapp.socket.loggedOut).toBe(true);
    expect(ctx.store.size).toBe(0);
    expect(ctx.status).toBe('DISCONNECTED');
  });

  it('reconnects after another close reason with a growing, capped delay, reset once open', async () => {
    const { whatsapp, ctx, scheduler, session } = setup();
    await session.start();
    whatsapp.socket.open();
    await ctx.waitForStatus('CONNECTED', { timeoutMs: 2000 });

    for (let attempt = 1; attempt <= 4; attempt++) {
      whatsapp.socket.close(428);
      await ctx.waitFor(() => (scheduler.scheduled.length === attempt ? true : undefined), `reconnect ${attempt} scheduled`, {
        timeoutMs: 2000,
      });
      expect(ctx.status).toBe('DISCONNECTED');
      scheduler.fireLast();
      await ctx.waitFor(() => (whatsapp.sockets.length === attempt + 1 ? true : undefined), `socket ${attempt + 1}`, { timeoutMs: 2000 });
    }
    expect(scheduler.scheduled.map((s) => s.ms)).toEqual([1000, 2000, 3000, 3000]);

    const from = ctx.statuses.length;
    whatsapp.socket.open();
    await ctx.waitForStatus('CONNECTED', { from, timeoutMs: 2000 });
    whatsapp.socket.close(500);
    await ctx.waitFor(() => (scheduler.scheduled.length === 5 ? true : undefined), 'reconnect after open', { timeoutMs: 2000 });
    expect(scheduler.scheduled[4]!.ms).toBe(1000);

    // stop() cancels the pending reconnect.
    await session.stop({ logout: false });
    expect(scheduler.scheduled[4]!.cancelled).toBe(true);
  });

  it('restarts at once when WhatsApp asks for it (515 after pairing)', async () => {
    const { whatsapp, ctx, scheduler, session } = setup();
    await session.start();
    await ctx.waitForStatus('qrcode', { timeoutMs: 2000 });
    whatsapp.socket.close(515);
    await ctx.waitFor(() => (scheduler.scheduled.length === 1 ? true : undefined), 'restart scheduled', { timeoutMs: 2000 });
    expect(scheduler.scheduled[0]!.ms).toBe(0);
    await session.stop({ logout: false });
  });
});
