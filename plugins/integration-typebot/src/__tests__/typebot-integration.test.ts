import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { IntegrationResult } from '@switchboard/sdk';
import { integrationContext, type LoggedLine } from '@switchboard/sdk/testing';
import { TypebotIntegration } from '../typebot-integration.js';
import type { FakeTypebot } from './fake-typebot.js';
import { startFakeTypebot, typebotConfig } from './support-flow.js';

const T0 = new Date('2026-03-02T12:00:00.000Z');
const seconds = (count: number) => new Date(T0.getTime() + count * 1000);

describe('typebot integration against a fake Typebot', () => {
  let fake: FakeTypebot;
  let typebot: TypebotIntegration;
  let config: Record<string, unknown>;

  beforeEach(async () => {
    fake = await startFakeTypebot();
    typebot = new TypebotIntegration();
    config = typebotConfig(fake);
  });
  afterEach(() => fake.close());

  /** One message of the contact, with what the previous call kept, as core makes the call. */
  const send = (body: string, state?: IntegrationResult['state'], now = T0, extra: Record<string, unknown> = {}) =>
    typebot.handle(integrationContext({ config: { ...config, ...extra }, body, state: state ?? undefined, now }));

  it('starts a chat with the contact and ticket as prefilled variables and sends the bubbles in the channel formatting', async () => {
    const result = await send('Hi');

    expect(fake.startRequests()).toHaveLength(1);
    expect(fake.startRequests()[0]!.path).toBe('/api/v1/typebots/support-bot/startChat');
    expect(fake.startRequests()[0]!.body.prefilledVariables).toEqual({
      name: 'Ana Souza',
      pushName: 'Ana Souza',
      number: '5511999990001',
      ticketId: 1,
      ticketUuid: '00000000-0000-4000-8000-000000000001',
    });
    expect(result.replies).toEqual([
      { body: 'Hello *Ana Souza* (ticket 1)!\n_We answer in minutes._\nTerms: our terms (https://example.com/terms)' },
      { media: { url: 'https://cdn.example.com/acme/logo.png', fileName: 'logo.png' }, delayMs: 1000 },
      { body: 'How can we help?\n\n1 - Sales\n2 - Support', delayMs: 1000 },
    ]);
    expect(result.state).toEqual({
      sessionId: 'session-1',
      lastAt: T0.toISOString(),
      choice: { items: ['Sales', 'Support'], multiple: false },
    });
  });

  it('continues the session: choosing "2" answers the second item and leads to the next block', async () => {
    const first = await send('Hi');
    const second = await send('2', first.state, seconds(20));

    expect(fake.continueRequests()).toEqual([
      {
        path: '/api/v1/sessions/session-1/continueChat',
        body: { message: { type: 'text', text: 'Support' }, textBubbleContentFormat: 'richText' },
      },
    ]);
    expect(second.replies).toEqual([{ body: 'Support here. What is your e-mail?' }]);
    expect(second.state).toEqual({ sessionId: 'session-1', lastAt: seconds(20).toISOString() });
  });

  it('takes an item typed as text whatever its case', async () => {
    const first = await send('Hi');
    await send('support', first.state, seconds(5));
    expect(fake.continueRequests()[0]!.body.message.text).toBe('Support');
  });

  it('keeps the session across a restart: the kept state, through JSON, continues on a new instance', async () => {
    const first = await send('Hi');
    const kept = JSON.parse(JSON.stringify(first.state)) as Record<string, unknown>;
    typebot = new TypebotIntegration();
    const second = await send('1', kept, seconds(30));
    expect(fake.startRequests()).toHaveLength(1);
    expect(second.replies).toEqual([{ body: 'Sales will call you.' }]);
    // The flow ended there: the bot forgets the session.
    expect(second.state).toBeNull();
  });

  it('starts a new chat once typebotExpires minutes pass without messages', async () => {
    const first = await send('Hi');
    const inTime = await send('Sales?', first.state, seconds(60));
    expect(fake.startRequests()).toHaveLength(1);
    expect(inTime.state).toMatchObject({ sessionId: 'session-1' });

    const late = await send('2', inTime.state, seconds(60 + 61));
    expect(fake.startRequests()).toHaveLength(2);
    expect(fake.continueRequests()).toHaveLength(1);
    expect(late.replies[0]!.body).toContain('Hello *Ana Souza*');
    expect(late.state).toMatchObject({ sessionId: 'session-2', lastAt: seconds(121).toISOString() });
  });

  it('never expires a session with typebotExpires 0', async () => {
    const first = await send('Hi', undefined, T0, { typebotExpires: 0 });
    await send('2', first.state, seconds(86_400), { typebotExpires: 0 });
    expect(fake.startRequests()).toHaveLength(1);
    expect(fake.continueRequests()).toHaveLength(1);
  });

  it('hands the ticket to the queue humans on the finish keyword, without calling Typebot', async () => {
    const first = await send('Hi');
    const before = fake.requests.length;
    const finished = await send('#SAIR', first.state, seconds(10));
    expect(finished).toEqual({ replies: [], state: null, handOff: true });
    expect(fake.requests).toHaveLength(before);
  });

  it('restarts the chat on the restart keyword and sends the restart message first', async () => {
    const first = await send('Hi');
    const second = await send('2', first.state, seconds(10));
    const restarted = await send('#reiniciar', second.state, seconds(20));

    expect(fake.startRequests()).toHaveLength(2);
    expect(restarted.replies[0]).toEqual({ body: 'Starting over.' });
    expect(restarted.replies[1]).toMatchObject({ delayMs: 1000 });
    expect(restarted.replies[1]!.body).toContain('Hello *Ana Souza*');
    expect(restarted.state).toMatchObject({ sessionId: 'session-2', choice: { items: ['Sales', 'Support'] } });
  });

  it('answers an answer the bot cannot take with typebotUnknownMessage, and lists the choice again', async () => {
    const first = await send('Hi', undefined, T0, { typebotUnknownMessage: 'Sorry, pick a number from the list.' });
    const unknown = await send('banana', first.state, seconds(10), { typebotUnknownMessage: 'Sorry, pick a number from the list.' });
    expect(fake.continueRequests()[0]!.body.message.text).toBe('banana');
    expect(unknown.replies).toEqual([{ body: 'Sorry, pick a number from the list.\n\n1 - Sales\n2 - Support' }]);
    expect(unknown.state).toMatchObject({ sessionId: 'session-1', choice: { items: ['Sales', 'Support'] } });

    const out = await send('9', unknown.state, seconds(20), { typebotUnknownMessage: 'Sorry, pick a number from the list.' });
    expect(fake.continueRequests()[1]!.body.message.text).toBe('9');
    expect(out.replies[0]!.body).toMatch(/^Sorry, pick a number/);
  });

  it("passes Typebot's own retry message on when no unknown message is set", async () => {
    const first = await send('Hi');
    const support = await send('2', first.state, seconds(5));
    const retried = await send('not an address', support.state, seconds(10));
    expect(retried.replies).toEqual([{ body: 'That e-mail is not valid.' }]);
    expect(retried.state).toMatchObject({ sessionId: 'session-1' });
  });

  it('follows a flow command bubble: the ticket goes to queue 2 and the bot stops', async () => {
    const first = await send('Hi');
    const support = await send('2', first.state, seconds(5));
    const done = await send('ana@example.com', support.state, seconds(10));
    expect(done).toEqual({ replies: [{ body: 'Thanks! A person takes it from here.' }], state: null, transfer: { queueId: 2 } });
  });

  it('starts a new chat when Typebot no longer knows the session', async () => {
    const first = await send('Hi');
    fake.sessions.clear();
    const logged: LoggedLine[] = [];
    const again = await typebot.handle(
      integrationContext({ config, body: '2', state: first.state as Record<string, unknown>, now: seconds(5), logged }),
    );
    expect(fake.startRequests()).toHaveLength(2);
    expect(again.state).toMatchObject({ sessionId: 'session-2' });
    expect(logged.map((line) => line.message)).toContain('Typebot no longer knows the session; a new chat starts');
  });

  it('gives up on a Typebot that does not answer when core aborts the call', async () => {
    const stalled = fake.stallNext();
    const controller = new AbortController();
    const call = typebot.handle(integrationContext({ config, body: 'Hi', now: T0, signal: controller.signal }));
    await stalled;
    controller.abort();
    await expect(call).rejects.toThrow(/abort/i);
  });

  it('refuses settings without a URL or a slug with a clear message', async () => {
    await expect(send('Hi', undefined, T0, { urlN8N: '' })).rejects.toThrow('The Typebot URL (urlN8N) is required');
    await expect(send('Hi', undefined, T0, { typebotSlug: ' ' })).rejects.toThrow("The Typebot's public id (typebotSlug) is required");
    await expect(send('Hi', undefined, T0, { typebotDelayMessage: 'soon' })).rejects.toThrow('typebotDelayMessage must be a number');
  });

  it("testSession reports Typebot's refusal of an unknown slug and registers a session for a known one", async () => {
    const signal = new AbortController().signal;
    await expect(typebot.testSession({ ...config, typebotSlug: 'nope' }, { signal })).resolves.toEqual({
      ok: false,
      message: 'Typebot refused startChat: 404 Typebot not found',
    });
    await expect(typebot.testSession(config, { signal })).resolves.toEqual({ ok: true });
    expect(fake.startRequests()[1]!.body).toMatchObject({ isOnlyRegistering: true });
    await expect(typebot.testSession({ ...config, urlN8N: 'ftp://example.com' }, { signal })).resolves.toMatchObject({ ok: false });
  });
});
