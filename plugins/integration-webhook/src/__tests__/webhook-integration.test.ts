import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { describeIntegrationConformance, integrationContext, type LoggedLine } from '@switchboard/sdk/testing';
import { FakeReceiver, type ReceivedRequest, type ReceiverAnswer } from '../../../integration-events/src/testing/fake-receiver.js';
import { verifyEvent } from '../webhook-signature.js';
import { WebhookIntegration } from '../webhook-integration.js';

const SECRET = 'whsec-test-3f9a1c';
/** Short waits: the policy's shape (a retry per wait, each wait honoured) is what is tested, not its seconds. */
const QUICK_RETRY = { retryDelaysMs: [30, 60, 120], attemptTimeoutMs: 2000 };

/**
 * The customer's endpoint, as its documentation asks it to behave: it refuses a delivery whose signature is not the
 * HMAC of the body with the shared secret, answers the test ping, and echoes the contact ("human" hands off).
 */
function customerEndpoint(secret: string) {
  return (request: ReceivedRequest): ReceiverAnswer => {
    if (!verifyEvent(request.rawBody, request.headers['x-switchboard-signature'] as string | undefined, secret)) {
      return { status: 401, json: { error: 'bad signature' } };
    }
    if (request.event.event === 'test') return { status: 200, json: { ok: true } };
    const said = String(request.event.message.body);
    if (said === 'human') return { status: 200, json: { replies: [{ body: 'Um atendente vai falar com você' }], handOff: true } };
    return { status: 200, json: { replies: [{ body: `Echo: ${said}` }] } };
  };
}

describeIntegrationConformance('webhook', async () => {
  const receiver = await FakeReceiver.start(customerEndpoint(SECRET));
  const url = `${receiver.origin}/hooks/switchboard`;
  let closed = false;
  return {
    contribution: new WebhookIntegration(QUICK_RETRY),
    config: { urlN8N: url, secret: SECRET },
    badConfig: { urlN8N: url, secret: 'not-the-shared-secret' },
    firstMessage: 'oi',
    breakUpstream: async () => {
      closed = true;
      await receiver.close();
    },
    dispose: async () => {
      if (!closed) await receiver.close();
    },
  };
});

describe('webhook integration', () => {
  let receiver: FakeReceiver;
  let config: Record<string, unknown>;
  const webhook = new WebhookIntegration(QUICK_RETRY);

  beforeEach(async () => {
    receiver = await FakeReceiver.start(customerEndpoint(SECRET));
    config = { urlN8N: `${receiver.origin}/hooks/switchboard?source=switchboard`, secret: SECRET };
  });

  afterEach(async () => {
    await receiver.close();
  });

  it('POSTs the documented message.received event, signed over the raw body, with its timestamp and delivery id', async () => {
    const now = new Date('2026-03-02T14:05:09.123Z');
    const reply = {
      url: 'https://sb.example.com/api/integrations/replies',
      token: '1.1.7.1772546709.sig',
      expiresAt: '2026-03-03T14:05:09.000Z',
    };
    const ctx = integrationContext({
      config,
      body: 'segue a foto',
      now,
      reply,
      media: {
        mediaType: 'image',
        mimeType: 'image/jpeg',
        fileName: 'foto.jpg',
        data: Buffer.from('jpeg'),
        mediaUrl: 'https://sb.example.com/media/signed/foto.jpg?signature=abc',
      },
    });
    const result = await webhook.handle(ctx);
    expect(result.replies).toEqual([{ body: 'Echo: segue a foto' }]);
    const [request] = receiver.received;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/hooks/switchboard?source=switchboard');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['x-switchboard-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifyEvent(request!.rawBody, request!.headers['x-switchboard-signature'] as string, SECRET)).toBe(true);
    expect(request!.headers['x-switchboard-timestamp']).toBe(String(Math.floor(now.getTime() / 1000)));
    expect(request!.headers['x-switchboard-event']).toBe('message.received');
    expect(request!.headers['x-switchboard-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    expect(request!.event).toEqual({
      event: 'message.received',
      timestamp: '2026-03-02T14:05:09.123Z',
      company: { id: 1, name: 'Acme' },
      connection: { id: 1, name: 'Site', channel: 'webchat' },
      ticket: { id: 1, uuid: '00000000-0000-4000-8000-000000000001', status: 'pending', queueId: 1 },
      contact: { id: 1, name: 'Ana Souza', number: '5511999990001', email: 'ana@example.com' },
      message: {
        body: 'segue a foto',
        mediaType: 'image',
        mimeType: 'image/jpeg',
        fileName: 'foto.jpg',
        mediaUrl: 'https://sb.example.com/media/signed/foto.jpg?signature=abc',
        opening: false,
        createdAt: '2026-03-02T14:05:09.123Z',
      },
      reply,
    });
  });

  it('reads an answer POSTed later to the reply address in the same shape, and refuses one that asks for nothing', () => {
    expect(webhook.readLaterAnswer({ replies: [{ body: 'Pedido enviado' }], transfer: { queueId: '4' } })).toEqual({
      replies: [{ body: 'Pedido enviado' }],
      transfer: { queueId: 4 },
    });
    expect(webhook.readLaterAnswer([{ handOff: true }])).toEqual({ replies: [], handOff: true });
    expect(() => webhook.readLaterAnswer({ message: 'Workflow was started' })).toThrow(/no replies, handOff, transfer or close/);
    expect(() => webhook.readLaterAnswer('oi')).toThrow(/must be a JSON object/);
    expect(() => webhook.readLaterAnswer({ replies: [{ mediaUrl: 'file:///etc/passwd' }] })).toThrow(/http\(s\) address/);
  });

  it('carries the history it is set to ask for, oldest first', async () => {
    const withHistory = { ...config, historyMessages: '2' };
    expect(typeof webhook.historyLimit === 'function' && webhook.historyLimit(withHistory)).toBe(2);
    expect(typeof webhook.historyLimit === 'function' && webhook.historyLimit(config)).toBe(0);
    const history = [
      { fromMe: true, body: 'Olá! Escolha um setor:', createdAt: '2026-03-02T14:00:00.000Z' },
      { fromMe: false, body: '1', createdAt: '2026-03-02T14:01:00.000Z' },
    ];
    await webhook.handle(integrationContext({ config: withHistory, body: 'oi', history }));
    expect(receiver.received[0]!.event.history).toEqual([
      { fromMe: true, body: 'Olá! Escolha um setor:', mediaType: null, fileName: null, createdAt: '2026-03-02T14:00:00.000Z' },
      { fromMe: false, body: '1', mediaType: null, fileName: null, createdAt: '2026-03-02T14:01:00.000Z' },
    ]);
  });

  it('retries a 503, a dropped connection and a 429 after growing waits, with the same bytes, then takes the answer', async () => {
    receiver.script({ status: 503, text: 'busy' }, { drop: true }, { status: 429, json: { error: 'slow down' } });
    const logged: LoggedLine[] = [];
    const result = await webhook.handle(integrationContext({ config, body: 'quero uma pizza', logged }));
    expect(result.replies).toEqual([{ body: 'Echo: quero uma pizza' }]);
    expect(receiver.received).toHaveLength(4);
    const ids = new Set(receiver.received.map((request) => request.headers['x-switchboard-delivery']));
    const signatures = new Set(receiver.received.map((request) => request.headers['x-switchboard-signature']));
    expect(ids.size).toBe(1);
    expect(signatures.size).toBe(1);
    const gaps = receiver.received.slice(1).map((request, index) => request.arrivedAt - receiver.received[index]!.arrivedAt);
    QUICK_RETRY.retryDelaysMs.forEach((delay, index) => expect(gaps[index]).toBeGreaterThanOrEqual(delay - 5));
    // The delivery log: in the ticket's state and one line per attempt, with no body and no secret.
    const [delivery] = (result.state as { deliveries: { outcome: string; attempts: { status?: number; error?: string }[] }[] }).deliveries;
    expect(delivery!.outcome).toBe('delivered');
    expect(delivery!.attempts.map((attempt) => attempt.status)).toEqual([503, undefined, 429, 200]);
    expect(delivery!.attempts[1]!.error).toMatch(/unreachable/);
    expect(logged.map((line) => [line.level, (line.data as { attempt: number }).attempt])).toEqual([
      ['warn', 1],
      ['warn', 2],
      ['warn', 3],
      ['info', 4],
    ]);
    const written = JSON.stringify(logged);
    expect(written).not.toContain(SECRET);
    expect(written).not.toContain('quero uma pizza');
    expect(written).not.toContain('/hooks/switchboard');
  });

  it('keeps the last deliveries of the ticket in its state', async () => {
    let state: Record<string, unknown> | undefined;
    for (let turn = 0; turn < 12; turn += 1) {
      state = (await webhook.handle(integrationContext({ config, body: `msg ${turn}`, state }))).state ?? undefined;
    }
    const deliveries = (state as { deliveries: { id: string }[] }).deliveries;
    expect(deliveries).toHaveLength(10);
    expect(deliveries.at(-1)!.id).toBe(receiver.received.at(-1)!.headers['x-switchboard-delivery']);
  });

  it('gives up after the last retry, saying what the endpoint answered', async () => {
    receiver.script(...Array.from({ length: 4 }, () => ({ status: 500, text: 'database down' })));
    await expect(webhook.handle(integrationContext({ config, body: 'oi' }))).rejects.toThrow(
      /webhook delivery to http:\/\/127\.0\.0\.1:\d+ failed after 4 attempts: 500 database down/,
    );
    expect(receiver.received).toHaveLength(4);
  });

  it('does not retry a refusal (4xx other than 429)', async () => {
    receiver.script({ status: 422, json: { error: 'unknown ticket' } });
    await expect(webhook.handle(integrationContext({ config, body: 'oi' }))).rejects.toThrow(/was refused: 422/);
    expect(receiver.received).toHaveLength(1);
  });

  it('refuses a wrong secret at the endpoint, once: the signature is what it checks', async () => {
    await expect(webhook.handle(integrationContext({ config: { ...config, secret: 'other' }, body: 'oi' }))).rejects.toThrow(/401/);
    expect(receiver.received).toHaveLength(1);
  });

  it('turns the answer body into replies with files, a transfer, a close or a hand-off', async () => {
    receiver.script(
      {
        status: 200,
        json: {
          replies: [{ body: 'Segue o boleto' }, { mediaUrl: 'https://files.example.com/boleto.pdf', fileName: 'boleto.pdf', body: 'PDF' }],
          transfer: { queueId: '7' },
        },
      },
      { status: 200, json: { replies: [{ body: 'Até logo' }], close: true } },
    );
    expect(await webhook.handle(integrationContext({ config, body: 'boleto' }))).toMatchObject({
      replies: [
        { body: 'Segue o boleto' },
        { body: 'PDF', media: { url: 'https://files.example.com/boleto.pdf', fileName: 'boleto.pdf' } },
      ],
      transfer: { queueId: 7 },
    });
    expect(await webhook.handle(integrationContext({ config, body: 'tchau' }))).toMatchObject({
      replies: [{ body: 'Até logo' }],
      close: true,
    });
  });

  it('hands the ticket to a person when the answer says handOff', async () => {
    const result = await webhook.handle(integrationContext({ config, body: 'human' }));
    expect(result).toMatchObject({ replies: [{ body: 'Um atendente vai falar com você' }], handOff: true });
  });

  it('reads an empty, a non-JSON or a reply-less 2xx as "no reply now" (replies may come through the external API)', async () => {
    receiver.script({ status: 204 }, { status: 200, text: 'OK' }, { status: 202, json: { message: 'Workflow was started' } });
    for (let turn = 0; turn < 3; turn += 1) {
      const result = await webhook.handle(integrationContext({ config, body: 'oi' }));
      expect(result.replies).toEqual([]);
      expect(result.handOff ?? result.close ?? result.transfer).toBeUndefined();
    }
  });

  it('fails with the field named when the answer breaks the documented shape', async () => {
    receiver.script(
      { status: 200, json: { replies: [{ body: 'ok' }, { fileName: 'x.pdf' }] } },
      { status: 200, json: { replies: [], close: 'yes' } },
    );
    await expect(webhook.handle(integrationContext({ config, body: 'oi' }))).rejects.toThrow(
      /replies\[1\] has neither a body nor a mediaUrl/,
    );
    await expect(webhook.handle(integrationContext({ config, body: 'oi' }))).rejects.toThrow(/close must be true or false/);
  });

  it('stops waiting between retries as soon as core gives up', async () => {
    const patient = new WebhookIntegration({ retryDelaysMs: [60_000], attemptTimeoutMs: 2000 });
    receiver.script({ status: 503 });
    const controller = new AbortController();
    const handled = patient.handle(integrationContext({ config, body: 'oi', signal: controller.signal }));
    await receiver.waitForRequests(1);
    controller.abort();
    await expect(handled).rejects.toThrow(/gave up waiting/);
    expect(receiver.received).toHaveLength(1);
  });

  it('stops an attempt the endpoint does not answer when core gives up', async () => {
    receiver.script({ hang: true });
    const controller = new AbortController();
    const handled = webhook.handle(integrationContext({ config, body: 'oi', signal: controller.signal }));
    await receiver.waitForRequests(1);
    controller.abort();
    await expect(handled).rejects.toThrow(/gave up waiting/);
  });

  it('retries an attempt that gets no answer in time', async () => {
    const impatient = new WebhookIntegration({ retryDelaysMs: [10], attemptTimeoutMs: 200 });
    receiver.script({ hang: true });
    expect((await impatient.handle(integrationContext({ config, body: 'oi' }))).replies).toEqual([{ body: 'Echo: oi' }]);
    expect(receiver.received).toHaveLength(2);
  });

  it('testSession pings the URL with a signed test event, and says why when the settings cannot work', async () => {
    const signal = new AbortController().signal;
    await expect(webhook.testSession(config, { signal })).resolves.toEqual({ ok: true, message: 'webhook answered 200' });
    expect(receiver.received[0]!.event).toEqual({ event: 'test', timestamp: expect.any(String) });
    expect(verifyEvent(receiver.received[0]!.rawBody, receiver.received[0]!.headers['x-switchboard-signature'] as string, SECRET)).toBe(
      true,
    );
    expect(await webhook.testSession({ urlN8N: config.urlN8N }, { signal })).toEqual({
      ok: false,
      message: 'The signing secret (secret) is required',
    });
    expect(await webhook.testSession({ urlN8N: 'ftp://files.example.com', secret: SECRET }, { signal })).toMatchObject({ ok: false });
    // The receiver's body is not shown to the admin: a URL into the server's own network reads nothing through it.
    receiver.script({ status: 503, text: 'internal status page: db01 down' });
    const refused = await webhook.testSession(config, { signal });
    expect(refused).toEqual({ ok: false, message: expect.stringMatching(/^webhook at http:\/\/127\.0\.0\.1:\d+ answered 503$/) });
    expect(receiver.received).toHaveLength(2);
  });
});
