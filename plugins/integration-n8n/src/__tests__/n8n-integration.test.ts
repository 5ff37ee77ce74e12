import { afterEach, describe, expect, it } from '@jest/globals';
import { describeIntegrationConformance, integrationContext, type LoggedLine } from '@switchboard/sdk/testing';
import type { FakeReceiver } from '../../../integration-events/src/testing/fake-receiver.js';
import { N8nIntegration } from '../n8n-integration.js';
import { startFakeN8n } from './fake-n8n.js';

const WEBHOOK_PATH = '6f1c2a9e-4b7d-4e0a-9a51-2f0c3d8e7b10';
const HEADER = { name: 'X-N8N-Key', value: 'n8n-header-secret-81d2' };

describeIntegrationConformance('n8n', async () => {
  const { n8n, productionUrl } = await startFakeN8n({ path: WEBHOOK_PATH, respond: 'respondToWebhook', headerAuth: HEADER });
  let closed = false;
  return {
    contribution: new N8nIntegration(),
    config: { urlN8N: productionUrl, headerName: HEADER.name, headerValue: HEADER.value },
    // A Webhook node that is not (or no longer) active: n8n answers 404.
    badConfig: { urlN8N: `${n8n.origin}/webhook/not-registered`, headerName: HEADER.name, headerValue: HEADER.value },
    firstMessage: 'oi',
    breakUpstream: async () => {
      closed = true;
      await n8n.close();
    },
    dispose: async () => {
      if (!closed) await n8n.close();
    },
  };
});

describe('n8n integration', () => {
  const n8nIntegration = new N8nIntegration();
  let n8n: FakeReceiver | undefined;

  afterEach(async () => {
    await n8n?.close();
    n8n = undefined;
  });

  async function workflow(respond: Parameters<typeof startFakeN8n>[0]['respond'], headerAuth?: typeof HEADER) {
    const started = await startFakeN8n({ path: WEBHOOK_PATH, respond, headerAuth });
    n8n = started.n8n;
    return started.productionUrl;
  }

  it('POSTs the message.received event to the production URL, unsigned, and sends what "Respond to Webhook" answers', async () => {
    const urlN8N = await workflow('respondToWebhook');
    const result = await n8nIntegration.handle(integrationContext({ config: { urlN8N }, body: 'qual o horário?' }));
    expect(result.replies).toEqual([{ body: 'n8n: qual o horário?' }]);
    const [request] = n8n!.received;
    expect(request!.path).toBe(`/webhook/${WEBHOOK_PATH}`);
    expect(request!.headers['x-switchboard-signature']).toBeUndefined();
    expect(request!.headers['x-switchboard-event']).toBe('message.received');
    expect(request!.event).toMatchObject({
      event: 'message.received',
      company: { id: 1, name: 'Acme' },
      connection: { id: 1, channel: 'webchat' },
      ticket: { id: 1, queueId: 1 },
      contact: { number: '5511999990001' },
      message: { body: 'qual o horário?', mediaUrl: null },
    });
  });

  it('reads "All Incoming Items" (a list) by its first item', async () => {
    const urlN8N = await workflow('allIncomingItems');
    expect((await n8nIntegration.handle(integrationContext({ config: { urlN8N }, body: 'oi' }))).replies).toEqual([{ body: 'n8n: oi' }]);
  });

  it('hands the ticket to a person when the workflow answers handOff', async () => {
    const urlN8N = await workflow('respondToWebhook');
    expect(await n8nIntegration.handle(integrationContext({ config: { urlN8N }, body: 'human' }))).toMatchObject({
      replies: [{ body: 'Vou chamar um atendente' }],
      handOff: true,
    });
  });

  it('takes "Respond Immediately" as no reply now: the workflow answers later through the external API', async () => {
    const urlN8N = await workflow('immediately');
    const result = await n8nIntegration.handle(integrationContext({ config: { urlN8N }, body: 'oi' }));
    expect(result.replies).toEqual([]);
    expect(result.handOff).toBeUndefined();
  });

  it('sends the Header Auth credential, and says so when n8n refuses it, without writing it to the log', async () => {
    const urlN8N = await workflow('respondToWebhook', HEADER);
    const logged: LoggedLine[] = [];
    const good = { urlN8N, headerName: HEADER.name, headerValue: HEADER.value };
    expect((await n8nIntegration.handle(integrationContext({ config: good, body: 'oi', logged }))).replies).toHaveLength(1);
    await expect(
      n8nIntegration.handle(integrationContext({ config: { ...good, headerValue: 'wrong' }, body: 'oi', logged })),
    ).rejects.toThrow(/was refused: 403 Authorization data is wrong!/);
    expect(JSON.stringify(logged)).not.toContain(HEADER.value);
  });

  it('makes one attempt: a failed workflow (500) is not run again, the next message is the next try', async () => {
    const urlN8N = await workflow('respondToWebhook');
    n8n!.script({ status: 500, json: { message: 'Error in workflow' } });
    await expect(n8nIntegration.handle(integrationContext({ config: { urlN8N }, body: 'oi' }))).rejects.toThrow(
      /n8n delivery to http:\/\/127\.0\.0\.1:\d+ failed after 1 attempt: 500/,
    );
    expect(n8n!.received).toHaveLength(1);
    expect((await n8nIntegration.handle(integrationContext({ config: { urlN8N }, body: 'de novo' }))).replies).toEqual([
      { body: 'n8n: de novo' },
    ]);
  });

  it('stops a workflow that is still running when core gives up', async () => {
    const urlN8N = await workflow('respondToWebhook');
    n8n!.script({ hang: true });
    const controller = new AbortController();
    const handled = n8nIntegration.handle(integrationContext({ config: { urlN8N }, body: 'oi', signal: controller.signal }));
    await n8n!.waitForRequests(1);
    controller.abort();
    await expect(handled).rejects.toThrow(/gave up waiting/);
  });

  it('testSession posts the test event; an inactive workflow and half a credential are explained', async () => {
    const urlN8N = await workflow('respondToWebhook');
    const signal = new AbortController().signal;
    await expect(n8nIntegration.testSession({ urlN8N }, { signal })).resolves.toEqual({ ok: true, message: 'n8n answered 200' });
    expect(n8n!.received[0]!.event).toEqual({ event: 'test', timestamp: expect.any(String) });
    const inactive = await n8nIntegration.testSession({ urlN8N: `${n8n!.origin}/webhook/other` }, { signal });
    expect(inactive).toMatchObject({ ok: false, message: expect.stringMatching(/answered 404 \(nothing listens at this URL/) });
    expect(await n8nIntegration.testSession({ urlN8N, headerValue: 'x' }, { signal })).toEqual({
      ok: false,
      message: 'The header name (headerName) is required when a header value is set',
    });
    expect(await n8nIntegration.testSession({ urlN8N, headerName: 'X Key', headerValue: 'x' }, { signal })).toMatchObject({ ok: false });
    expect(await n8nIntegration.testSession({ urlN8N: '' }, { signal })).toEqual({ ok: false, message: 'The URL (urlN8N) is required' });
  });
});
