import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ChannelError, type ProvisionedConnection } from '@switchboard/sdk';
import { signBody } from '@switchboard/meta-graph';
import {
  APP_SECRET,
  connectionFor,
  FB_APP_ID,
  LOGIN,
  PAGE_ID,
  PAGE_TOKEN,
  startMetaHarness,
  waitFor,
  webhookBody,
  type MetaHarness,
} from '../../../meta-graph/src/testing/meta-harness.js';
import facebookModule from '../facebook-backend-module.js';

const APP_VERIFY_TOKEN = 'app-level-verify';
const PSID = '2400000000000123';
let harness: MetaHarness;
const saved = { ...process.env };

beforeEach(async () => {
  process.env.FACEBOOK_APP_ID = FB_APP_ID;
  process.env.FACEBOOK_APP_SECRET = APP_SECRET;
  process.env.FACEBOOK_VERIFY_TOKEN = APP_VERIFY_TOKEN;
  // The page's connection as the login makes it: its own verify token, the app's secret.
  harness = await startMetaHarness(
    [facebookModule],
    [connectionFor('facebook', { token: 'fb-login-connection' }), connectionFor('instagram')],
  );
});

afterEach(async () => {
  await harness.close();
  for (const key of ['FACEBOOK_APP_ID', 'FACEBOOK_APP_SECRET', 'FACEBOOK_VERIFY_TOKEN']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

const provision = (request: Record<string, unknown>) => harness.contribution('facebook').provision!(request);

describe('POST /facebook provisioning (the Facebook login)', () => {
  it('turns the login into a page connection and, when asked, its Instagram account; subscribes the page', async () => {
    const connections = await provision({ facebookUserId: LOGIN.userId, facebookUserToken: LOGIN.shortToken, addInstagram: true });
    expect(connections.map((c: ProvisionedConnection) => [c.channel, c.name, c.keyField])).toEqual([
      ['facebook', 'Loja Exemplo', 'pageId'],
      ['instagram', 'loja.exemplo (Instagram)', 'instagramAccountId'],
    ]);
    expect(connections[0]!.settings).toMatchObject({ pageId: PAGE_ID, pageAccessToken: PAGE_TOKEN, appSecret: APP_SECRET });
    expect(String(connections[0]!.settings.verifyToken)).toMatch(/^[0-9a-f]{32}$/);
    expect(connections[1]!.settings).toMatchObject({ pageId: PAGE_ID, instagramAccountId: LOGIN.instagramAccountId });
    expect(harness.graph.subscribedPages).toEqual([{ pageId: PAGE_ID, fields: expect.stringContaining('messages') }]);
    // The short-lived token was traded with the app's id and secret before listing pages.
    const exchange = harness.graph.requests.find((r) => r.path.endsWith('/oauth/access_token'));
    expect(exchange?.query.get('client_id')).toBe(FB_APP_ID);
  });

  it('gives the browser the app id for the login button, and nothing while the app is not set up', () => {
    expect(harness.contribution('facebook').signIn!()).toEqual({ provider: 'facebook', appId: FB_APP_ID });
    delete process.env.FACEBOOK_APP_SECRET;
    expect(harness.contribution('facebook').signIn!()).toBeUndefined();
  });

  it('leaves Instagram out unless asked', async () => {
    const connections = await provision({ facebookUserId: LOGIN.userId, facebookUserToken: LOGIN.shortToken, addInstagram: false });
    expect(connections.map((c: ProvisionedConnection) => c.channel)).toEqual(['facebook']);
  });

  it('refuses a bad token with ERR_FACEBOOK_INVALID_TOKEN and a server without a Facebook app with ERR_FACEBOOK_NOT_CONFIGURED', async () => {
    await expect(provision({ facebookUserId: LOGIN.userId, facebookUserToken: 'stolen' })).rejects.toMatchObject({
      code: 'ERR_FACEBOOK_INVALID_TOKEN',
      status: 400,
    });
    delete process.env.FACEBOOK_APP_SECRET;
    const refused = provision({ facebookUserId: LOGIN.userId, facebookUserToken: LOGIN.shortToken });
    await expect(refused).rejects.toBeInstanceOf(ChannelError);
    await expect(refused).rejects.toMatchObject({ code: 'ERR_FACEBOOK_NOT_CONFIGURED' });
  });
});

describe('the app-level webhook /webhooks/facebook', () => {
  const post = (payload: unknown, secret: string | null) => {
    const body = JSON.stringify(payload);
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (secret) headers['X-Hub-Signature-256'] = signBody(body, secret);
    return fetch(`${harness.baseUrl}/webhooks/facebook`, { method: 'POST', headers, body });
  };
  const text = (mid: string) => ({ sender: { id: PSID }, recipient: { id: PAGE_ID }, timestamp: Date.now(), message: { mid, text: 'Oi' } });

  it('answers the subscription challenge with the app verify token only', async () => {
    const ok = await fetch(`${harness.baseUrl}/webhooks/facebook?hub.mode=subscribe&hub.verify_token=${APP_VERIFY_TOKEN}&hub.challenge=42`);
    expect([ok.status, await ok.text()]).toEqual([200, '42']);
    const wrong = await fetch(`${harness.baseUrl}/webhooks/facebook?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=42`);
    expect(wrong.status).toBe(403);
  });

  it('refuses unsigned and wrongly signed deliveries with 401 and hands nothing on', async () => {
    expect((await post(webhookBody('facebook', [text('m_unsigned')]), null)).status).toBe(401);
    expect((await post(webhookBody('facebook', [text('m_badsig')]), 'another-secret')).status).toBe(401);
    // The page's deliveries are handled in order: once a signed one posted after is handed on, so were those before.
    expect((await post(webhookBody('facebook', [text('m_signed')]), APP_SECRET)).status).toBe(200);
    await waitFor(() => harness.host.events.length > 0, 'the signed delivery');
    expect(harness.host.events.map((e) => (e.event.type === 'message' ? e.event.externalId : e.event.type))).toEqual(['m_signed']);
  });

  it('routes a signed entry to the one connection that owns the page (its address), of that channel only', async () => {
    const response = await post(webhookBody('facebook', [text('m_routed')]), APP_SECRET);
    expect(response.status).toBe(200);
    await waitFor(() => harness.host.events.length > 0, 'the routed delivery');
    expect(harness.host.events.map((e) => [e.connection.channel, e.connection.companyId, e.event.type])).toEqual([
      ['facebook', 5, 'message'],
    ]);
  });
});
