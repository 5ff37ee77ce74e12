import express, { type Request, type Response, type Router } from 'express';
import type { ConnectionInfo, PluginHost } from '@switchboard/sdk';
import { metaApp } from './meta-app.js';
import type { MetaChannelName } from './messenger-client.js';
import { messengerClientOf } from './meta-session.js';
import { metaSettings } from './meta-settings.js';
import { handleWebhookPayload, type WebhookPayload } from './webhook-events.js';
import { sameSecret, verifySignature } from './webhook-signature.js';

export interface WebhookRouteOptions {
  host: PluginHost;
  channel: MetaChannelName;
  /** The webhook `object` this channel receives: 'page' or 'instagram'. */
  object: string;
}

/**
 * The channel's webhooks, each a subscription handshake (GET) and signed deliveries (POST):
 * - /webhooks/<channel>: the product's Meta app (pages connected through the Facebook login), signed with
 *   the config's FACEBOOK_APP_SECRET; each entry goes to the one connection that owns the page (or Instagram account) it names
 *   (the channel's address setting: pageId, instagramAccountId);
 * - /webhooks/<channel>/<connection token>: a connection set up by hand with its own app secret and verify token.
 * Events are handed to core after the 200, one delivery after the other per connection, in order.
 */
export function registerWebhookRoutes(router: Router, options: WebhookRouteOptions): void {
  const { host, channel, object } = options;
  const queues = new Map<number, Promise<void>>();
  const rawBody = express.raw({ type: () => true, limit: '5mb' });

  function handshake(req: Request, res: Response, expected: string, connectionId?: number): void {
    const mode = req.query['hub.mode'];
    const verifyToken = req.query['hub.verify_token'];
    const challenge = req.query['hub.challenge'];
    if (mode === 'subscribe' && typeof verifyToken === 'string' && typeof challenge === 'string' && sameSecret(verifyToken, expected)) {
      host.log.info(`${channel}: webhook subscription verified`, { connectionId });
      return void res.status(200).type('text/plain').send(challenge);
    }
    host.log.warn(`${channel}: webhook verification refused (wrong verify token or mode)`, { connectionId });
    res.status(403).type('text/plain').send('Forbidden');
  }

  /** The verified payload, or undefined after answering the refusal. */
  function verifiedPayload(req: Request, res: Response, appSecret: string, connectionId?: number): WebhookPayload | undefined {
    const raw: unknown = req.body;
    if (!Buffer.isBuffer(raw) && raw !== undefined && !(typeof raw === 'object' && raw !== null && Object.keys(raw).length === 0)) {
      // Only when something before this route parsed the body: the signature cannot be checked then.
      host.log.error(`${channel}: webhook body was parsed before the plugin route; the signature cannot be checked`);
      return void res.status(500).json({ error: 'ERR_RAW_BODY_UNAVAILABLE' });
    }
    const body = Buffer.isBuffer(raw) ? raw : Buffer.alloc(0);
    if (!verifySignature(body, req.get('x-hub-signature-256'), appSecret)) {
      host.log.warn(`${channel}: webhook with a missing or wrong X-Hub-Signature-256 refused`, { connectionId });
      return void res.status(401).json({ error: 'ERR_INVALID_SIGNATURE' });
    }
    let payload: WebhookPayload;
    try {
      payload = JSON.parse(body.toString('utf8')) as WebhookPayload;
    } catch {
      return void res.status(400).json({ error: 'ERR_INVALID_JSON' });
    }
    res.status(200).type('text/plain').send('EVENT_RECEIVED');
    if (payload?.object !== object) {
      host.log.warn(`${channel}: webhook for object ${String(payload?.object)} ignored (expected ${object})`, { connectionId });
      return undefined;
    }
    return payload;
  }

  function deliver(connection: ConnectionInfo, payload: WebhookPayload): void {
    const previous = queues.get(connection.id) ?? Promise.resolve();
    const next = previous
      .then(() =>
        handleWebhookPayload(payload, {
          connection,
          store: host.store(connection),
          log: host.log,
          inbound: (event) => host.inbound(connection, event),
          profile: (address) => messengerClientOf(connection).profile(address, channel),
        }),
      )
      .catch((error: unknown) => {
        host.log.error(`${channel}: webhook delivery failed`, {
          connectionId: connection.id,
          error: error instanceof Error ? error.message : String(error),
        });
      });
    queues.set(connection.id, next);
    void next.finally(() => {
      if (queues.get(connection.id) === next) queues.delete(connection.id);
    });
  }

  const appPath = `/webhooks/${channel}`;
  router.get(appPath, (req, res) => {
    const { verifyToken } = metaApp();
    if (!verifyToken) return void res.status(404).type('text/plain').send('Not found');
    handshake(req, res, verifyToken);
  });
  router.post(appPath, rawBody, async (req, res) => {
    const { appSecret } = metaApp();
    if (!appSecret) return void res.status(404).json({ error: 'ERR_NO_CONNECTION' });
    const payload = verifiedPayload(req, res, appSecret);
    if (!payload) return;
    for (const entry of payload.entry ?? []) {
      if (!entry.id) continue;
      const connection = await host.findConnectionByAddress(channel, String(entry.id));
      if (connection) deliver(connection, { ...payload, entry: [entry] });
      else host.log.warn(`${channel}: webhook entry for an account no connection has`, { account: entry.id });
    }
  });

  const connectionPath = `/webhooks/${channel}/:connectionToken`;
  async function connectionOf(req: Request): Promise<ConnectionInfo | undefined> {
    const token = String(req.params.connectionToken ?? '');
    return token ? host.findConnectionByToken(channel, token) : undefined;
  }
  router.get(connectionPath, async (req, res) => {
    const connection = await connectionOf(req);
    if (!connection) return void res.status(404).type('text/plain').send('Not found');
    handshake(req, res, metaSettings(connection).verifyToken, connection.id);
  });
  router.post(connectionPath, rawBody, async (req, res) => {
    const connection = await connectionOf(req);
    if (!connection) return void res.status(404).json({ error: 'ERR_NO_CONNECTION' });
    const payload = verifiedPayload(req, res, metaSettings(connection).appSecret, connection.id);
    if (payload) deliver(connection, payload);
  });
}
