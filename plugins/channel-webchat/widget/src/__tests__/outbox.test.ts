import { afterEach, describe, expect, it } from '@jest/globals';
import { messageIdOf, newClientId, Outbox, type OutgoingState } from '../outbox.js';
import { retryAfterMs, WidgetApi, WidgetApiError, type OutgoingMessage, type SentMessage } from '../widget-api.js';
import { widgetTexts, type WidgetLanguage } from '../widget-texts.js';

/** One request the widget made, as the fake server saw it. */
interface Seen {
  body: string | undefined;
  clientId: string | undefined;
}

type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | 'network down';

/**
 * A fake widget server behind `fetch`: answers POST /messages from a script (then 200 with the id the server gives,
 * wc-<clientId>), and records what each attempt carried.
 */
class FakeServer {
  readonly seen: Seen[] = [];
  private seq = 0;
  constructor(private readonly script: Answer[] = []) {}

  fetch = async (_url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const form = init?.body instanceof FormData ? init.body : undefined;
    const json = typeof init?.body === 'string' ? (JSON.parse(init.body) as { body?: string; clientId?: string }) : undefined;
    this.seen.push({
      body: form ? ((form.get('body') as string | null) ?? undefined) : json?.body,
      clientId: form ? (form.get('clientId') as string) : json?.clientId,
    });
    const answer = this.script.shift() ?? { status: 200 };
    if (answer === 'network down') throw new TypeError('Failed to fetch');
    const clientId = this.seen.at(-1)!.clientId!;
    const body = answer.status === 200 ? { id: `wc-${clientId}`, seq: ++this.seq, createdAt: new Date(0).toISOString() } : answer.body;
    return new Response(JSON.stringify(body ?? {}), { status: answer.status, headers: answer.headers });
  };
}

/** An outbox over the real WidgetApi, its waits held until the test lets them run. */
function outboxOn(server: FakeServer, arrived: (message: OutgoingMessage) => boolean = () => false) {
  globalThis.fetch = server.fetch as typeof fetch;
  const api = new WidgetApi('/widget/site');
  api.visitorToken = 'visitor.secret';
  const log: string[] = [];
  const waits: { ms: number; run: () => void }[] = [];
  const sent: (SentMessage | undefined)[] = [];
  const refused: WidgetApiError[] = [];
  /** What the page would keep across a reload, after each change. */
  const kept: string[][] = [];
  const outbox = new Outbox({
    send: (message) => api.sendMessage(message),
    onState: (message: OutgoingMessage, state: OutgoingState) => log.push(`${message.body}: ${state}`),
    onSent: (message, answer) => {
      log.push(`${message.body}: sent`);
      sent.push(answer);
    },
    onFailed: (message, error) => {
      log.push(`${message.body}: refused`);
      refused.push(error);
    },
    onExpired: () => log.push('expired'),
    arrived,
    onWaitingChange: (waiting) => kept.push(waiting.map((message) => message.body)),
    schedule: (run, ms) => {
      waits.push({ ms, run });
      return () => undefined;
    },
    random: () => 0,
  });
  const write = (body: string, file?: File): OutgoingMessage => {
    const message = { clientId: newClientId(), body, file };
    outbox.add(message);
    return message;
  };
  return { outbox, log, waits, sent, refused, kept, write };
}

/** Lets pending promises and I/O callbacks run until the condition holds. */
async function until(condition: () => boolean): Promise<void> {
  for (let turn = 0; !condition(); turn += 1) {
    if (turn > 1000) throw new Error('the outbox never got there');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe("the widget's outbox", () => {
  it('keeps a message refused with 503 as retrying, sends it again after Retry-After with the same id, later ones behind it', async () => {
    const server = new FakeServer([{ status: 503, body: { error: 'ERR_SERVICE_UNAVAILABLE' }, headers: { 'Retry-After': '5' } }]);
    const { outbox, log, waits, sent, write } = outboxOn(server);
    const first = write('primeira');
    const second = write('segunda');
    await until(() => waits.length === 1);
    // Nothing written later overtakes the refused one.
    expect(server.seen.map((request) => request.body)).toEqual(['primeira']);
    expect(log).toEqual(['primeira: sending', 'segunda: sending', 'primeira: retrying']);
    expect(waits[0]!.ms).toBe(5000);
    expect(outbox.size).toBe(2);

    waits[0]!.run();
    await until(() => outbox.size === 0);
    expect(server.seen.map((request) => request.body)).toEqual(['primeira', 'primeira', 'segunda']);
    expect(server.seen.map((request) => request.clientId)).toEqual([first.clientId, first.clientId, second.clientId]);
    expect(log.slice(3)).toEqual(['primeira: sent', 'segunda: sent']);
    expect(sent.map((answer) => answer?.id)).toEqual([messageIdOf(first.clientId), messageIdOf(second.clientId)]);
  });

  it('tells the page what still waits after every change, so a reload sends the rest', async () => {
    const server = new FakeServer([
      { status: 503, headers: { 'Retry-After': '1' } },
      { status: 422, body: { error: 'ERR_VALIDATION' } },
    ]);
    const { outbox, waits, kept, write } = outboxOn(server);
    write('primeira');
    write('segunda');
    await until(() => waits.length === 1);
    expect(kept).toEqual([['primeira'], ['primeira', 'segunda']]);
    waits[0]!.run();
    await until(() => outbox.size === 0);
    // Refused for good, then taken: neither waits any more.
    expect(kept.slice(2)).toEqual([['segunda'], []]);
    write('terceira');
    outbox.clear();
    expect(kept.slice(-2)).toEqual([['terceira'], []]);
  });

  it('tries again through a network failure and 429s, waiting longer each time up to 30 s, for as long as it takes', async () => {
    const down: Answer[] = Array.from({ length: 7 }, () => 'network down');
    const server = new FakeServer([
      ...down,
      { status: 429, body: { error: 'ERR_TOO_MANY_REQUESTS' } },
      { status: 503, headers: { 'Retry-After': '1' } },
    ]);
    const { outbox, log, waits, write } = outboxOn(server);
    const message = write('olá');
    for (let attempt = 1; attempt <= 9; attempt += 1) {
      await until(() => waits.length === attempt);
      waits[attempt - 1]!.run();
    }
    await until(() => outbox.size === 0);
    expect(waits.map((wait) => wait.ms)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000, 30_000]);
    expect(new Set(server.seen.map((request) => request.clientId))).toEqual(new Set([message.clientId]));
    expect(server.seen).toHaveLength(10);
    // Shown as retrying once, then sent.
    expect(log).toEqual(['olá: sending', 'olá: retrying', 'olá: sent']);
  });

  it("shows a message refused for good (a 4xx other than 429) as not sent with the server's words, and goes on", async () => {
    const server = new FakeServer([{ status: 400, body: { error: 'ERR_VALIDATION', message: 'At most 4096 characters' } }]);
    const { outbox, log, refused, write } = outboxOn(server);
    write('longa');
    write('curta');
    await until(() => outbox.size === 0);
    expect(log).toEqual(['longa: sending', 'curta: sending', 'longa: refused', 'curta: sent']);
    expect(refused[0]).toMatchObject({ status: 400, code: 'ERR_VALIDATION', serverMessage: 'At most 4096 characters' });
  });

  it('does not send again a message whose answer was lost but whose copy reached the page', async () => {
    const server = new FakeServer(['network down']);
    const arrivedIds = new Set<string>();
    const { outbox, log, waits, sent, write } = outboxOn(server, (message) => arrivedIds.has(message.clientId));
    const message = write('chegou');
    arrivedIds.add(message.clientId);
    await until(() => outbox.size === 0);
    expect(server.seen).toHaveLength(1);
    expect(waits).toEqual([]);
    expect(log).toEqual(['chegou: sending', 'chegou: sent']);
    expect(sent).toEqual([undefined]);
  });

  it("stops and forgets the waiting messages when the visitor's session has ended", async () => {
    const server = new FakeServer([{ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } }]);
    const { outbox, log, write } = outboxOn(server);
    write('um');
    write('dois');
    await until(() => log.includes('expired'));
    expect(outbox.size).toBe(0);
    expect(server.seen).toHaveLength(1);
  });

  it('sends a file as multipart with the same client id', async () => {
    const server = new FakeServer([{ status: 502 }]);
    const { outbox, waits, write } = outboxOn(server);
    const message = write('nota', new File(['%PDF-1.4'], 'nota.pdf', { type: 'application/pdf' }));
    await until(() => waits.length === 1);
    waits[0]!.run();
    await until(() => outbox.size === 0);
    expect(server.seen).toEqual([
      { body: 'nota', clientId: message.clientId },
      { body: 'nota', clientId: message.clientId },
    ]);
  });
});

describe('what the widget reads from an answer', () => {
  it('makes client ids the server takes: 22 URL-safe characters, never the same twice', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newClientId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(retryAfterMs('5', now)).toBe(5000);
    expect(retryAfterMs('Tue, 01 Jan 2030 00:00:07 GMT', now)).toBe(7000);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });

  it('turns a network failure into a refusal of status 0', async () => {
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(new WidgetApi('/widget/site').call('GET', '/messages')).rejects.toMatchObject({ status: 0, code: 'ERR_NETWORK' });
  });
});

describe("the outbox's texts", () => {
  it('name a waiting, a retrying and a refused message in each of the four languages', () => {
    expect(widgetTexts('pt-BR')).toMatchObject({
      sending: 'Enviando…',
      retrying: 'Não enviada ainda, tentando de novo…',
      notSent: 'Não enviada.',
    });
    expect(widgetTexts('en')).toMatchObject({ sending: 'Sending…', retrying: 'Not sent yet, retrying…', notSent: 'Not sent.' });
    for (const language of ['pt-BR', 'en', 'es', 'tr'] as WidgetLanguage[]) {
      const { sending, retrying, notSent } = widgetTexts(language);
      expect(new Set([sending, retrying, notSent]).size).toBe(3);
      for (const text of [sending, retrying, notSent]) expect(text.trim()).not.toBe('');
    }
    expect(widgetTexts('es').retrying).not.toBe(widgetTexts('en').retrying);
    expect(widgetTexts('tr').retrying).not.toBe(widgetTexts('en').retrying);
  });
});
