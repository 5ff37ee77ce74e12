import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { ChannelSession, InboundEvent, InboundMessage } from '@switchboard/sdk';
import { MemoryPluginStore, RecordingSessionContext } from '@switchboard/sdk/testing';
import { signBody } from '@switchboard/meta-graph';
import {
  APP_SECRET,
  connectionFor,
  FB_APP_ID,
  LOGIN,
  PAGE_TOKEN,
  startMetaHarness,
  VERIFY_TOKEN,
  waitFor,
  webhookBody,
  type MetaHarness,
} from '../../../meta-graph/src/testing/meta-harness.js';
import instagramModule from '../instagram-backend-module.js';

const IGSID = '6200000000000042';
const facebook = connectionFor('facebook');
const instagram = connectionFor('instagram');
let harness: MetaHarness;

function events(type?: InboundEvent['type']): InboundEvent[] {
  return harness.host.events.map((e) => e.event).filter((e) => !type || e.type === type);
}

const from = (person: string) => ({ sender: { id: person }, recipient: { id: LOGIN.instagramAccountId }, timestamp: Date.now() });

beforeEach(async () => {
  // Only the instagram plugin is loaded: it works without the facebook one.
  harness = await startMetaHarness([instagramModule], [facebook, instagram]);
});

afterEach(async () => {
  await harness.close();
});

describe('the instagram channel on its own', () => {
  it('describes instagram: secret page settings, the account id as its address, a 24-hour reply window, useInstagram', () => {
    expect(harness.contributions.map((c) => c.channel)).toEqual(['instagram']);
    const description = harness.contribution('instagram').description;
    expect(description.capabilities).toMatchObject({ media: true, react: true, replyWindowHours: 24 });
    expect(description.planFlag).toBe('useInstagram');
    expect(
      description.settings
        .filter((f) => f.secret)
        .map((f) => f.key)
        .sort(),
    ).toEqual(['appSecret', 'pageAccessToken', 'verifyToken']);
    expect(description.settings.find((f) => f.address)?.key).toBe('instagramAccountId');
  });

  it("answers the subscription challenge at /webhooks/instagram/<token>; a facebook connection's token does not open it", async () => {
    const url = (token: string) =>
      `${harness.baseUrl}/webhooks/instagram/${token}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=77`;
    const ok = await fetch(url(instagram.token!));
    expect([ok.status, await ok.text()]).toEqual([200, '77']);
    expect((await fetch(url(facebook.token!))).status).toBe(404);
    // The facebook plugin's routes are not this plugin's.
    expect((await fetch(url(facebook.token!).replace('/webhooks/instagram/', '/webhooks/facebook/'))).status).toBe(404);
  });

  it('hands a deletion on to core as a delete event', async () => {
    const res = await harness.postWebhook(
      'instagram',
      instagram.token!,
      webhookBody('instagram', [{ ...from(IGSID), message: { mid: 'm_gone', is_deleted: true } }]),
    );
    expect(res.status).toBe(200);
    expect(await waitFor(() => events('delete')[0], 'the deletion')).toMatchObject({ externalId: 'm_gone' });
  });

  it('names the contact from the Instagram user profile (its username when it has no name)', async () => {
    harness.graph.profiles.set(IGSID, { username: 'maria.souza', profile_pic: 'https://cdn.example/ig.jpg' });
    await harness.postWebhook(
      'instagram',
      instagram.token!,
      webhookBody('instagram', [{ ...from(IGSID), message: { mid: 'm_ig1', text: 'oi' } }]),
    );
    const message = (await waitFor(() => events('message')[0], 'the message')) as InboundMessage;
    expect(message.chat).toEqual({ address: IGSID, name: 'maria.souza', profilePicUrl: 'https://cdn.example/ig.jpg' });
    const lookup = harness.graph.requests.find((r) => r.path === `/v19.0/${IGSID}`);
    expect(lookup?.query.get('fields')).toBe('id,name,username,profile_pic');
  });

  it('turns a read receipt naming one message into ack 3 of it and of everything sent before it', async () => {
    await harness.postWebhook(
      'instagram',
      instagram.token!,
      webhookBody('instagram', [{ ...from(IGSID), message: { mid: 'm_in', text: 'hello' } }]),
    );
    await waitFor(() => events('message')[0], 'the message');
    const context = new RecordingSessionContext(instagram, harness.host.store(instagram) as MemoryPluginStore);
    const session: ChannelSession = harness.contribution('instagram').createSession(context);
    await session.start();
    const first = await session.send({ messageId: 1, to: { address: IGSID }, body: 'one' });
    const second = await session.send({ messageId: 2, to: { address: IGSID }, body: 'two' });
    await harness.postWebhook(
      'instagram',
      instagram.token!,
      webhookBody('instagram', [{ ...from(IGSID), read: { mid: second.externalId } }]),
    );
    const reads = () =>
      events('ack')
        .filter((a) => a.type === 'ack' && a.ack === 3)
        .map((a) => (a as { externalId: string }).externalId);
    await waitFor(() => reads().length === 2, 'ack 3 of both');
    expect(reads().sort()).toEqual([first.externalId, second.externalId].sort());
  });
});

describe("the product's Meta app on /webhooks/instagram", () => {
  const saved = { ...process.env };
  beforeEach(() => {
    process.env.FACEBOOK_APP_ID = FB_APP_ID;
    process.env.FACEBOOK_APP_SECRET = APP_SECRET;
  });
  afterEach(() => {
    for (const key of ['FACEBOOK_APP_ID', 'FACEBOOK_APP_SECRET']) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  it('offers the Facebook login for instagram connections once the server has a Meta app', () => {
    expect(harness.contribution('instagram').signIn!()).toEqual({ provider: 'facebook', appId: FB_APP_ID });
    delete process.env.FACEBOOK_APP_SECRET;
    expect(harness.contribution('instagram').signIn!()).toBeUndefined();
  });

  it('routes a signed entry to the connection that owns the Instagram account, and refuses a wrong signature', async () => {
    const body = JSON.stringify({
      object: 'instagram',
      entry: [{ id: LOGIN.instagramAccountId, time: Date.now(), messaging: [{ ...from(IGSID), message: { mid: 'm_app', text: 'Oi' } }] }],
    });
    const post = (secret: string) =>
      fetch(`${harness.baseUrl}/webhooks/instagram`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signBody(body, secret) },
        body,
      });
    expect((await post('another-secret')).status).toBe(401);
    expect((await post(APP_SECRET)).status).toBe(200);
    await waitFor(() => harness.host.events.length > 0, 'the routed delivery');
    expect(harness.host.events.map((e) => [e.connection.id, e.event.type])).toEqual([[instagram.id, 'message']]);
    // The page token never appears in what the plugin logged.
    expect(JSON.stringify(harness.host.log.entries)).not.toContain(PAGE_TOKEN);
  });
});
