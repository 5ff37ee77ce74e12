import express, { type Request, type Response, type Router } from 'express';
import type { ConnectionInfo, PluginHost } from '@switchboard/sdk';
import { metaSettings } from './meta-settings.js';
import { handleWebhookPayload, type WebhookPayload } from './webhook-events.js';
import { sameSecret, verifySignature } from './webhook-signature.js';

export interface WebhookRouteOptions {
  host: PluginHost;
  /** 'facebook' or 'instagram': the route is /webhooks/<channel>/:connectionToken. */
  channel: string;
  /** The webhook `object` this channel receives: 'page' or 'instagram'. */
  object: string;
}

/**
 * The webhook of a channel at /webhooks/<channel>/<connection token>: Meta's subscription handshake (GET) and
 * signed deliveries (POST). The path names the connection, since PluginHost finds connections by token only.
 * Events are handed to core after the 200, one delivery after the other per connection, in order.
 */
export function registerWebhookRoutes(router: Router, options: WebhookRouteOptions): void {
  const { host, channel, object } = options;
  const path = `/webhooks/${channel}/:connectionToken`;
  const queues = new Map<number, Promise<void>>();

  async function connectionOf(req: Request): Promise<ConnectionInfo | undefined> {
    const token = String(req.params.connectionToken ?? '');
    return token ? host.findConnectionByToken(channel, token) : undefined;
  }

  router.get(path, async (req: Request, res: Response) => {
    const connection = await connectionOf(req);
    if (!connection) return void res.status(404).type('text/plain').send('Not found');
    const mode = req.query['hub.mode'];
    const verifyToken = req.query['hub.verify_token'];
    const challenge = req.query['hub.challenge'];
    const expected = metaSettings(connection).verifyToken;
    if (mode === 'subscribe' && typeof verifyToken === 'string' && typeof challenge === 'string' && sameSecret(verifyToken, expected)) {
      host.log.info(`${channel}: webhook subscription verified`, { connectionId: connection.id });
      return void res.status(200).type('text/plain').send(challenge);
    }
    host.log.warn(`${channel}: webhook verification refused (wrong verify token or mode)`, { connectionId: connection.id });
    res.status(403).type('text/plain').send('Forbidden');
  });

  router.post(path, express.raw({ type: () => true, limit: '5mb' }), async (req: Request, res: Response) => {
    const connection = await connectionOf(req);
    if (!connection) return void res.status(404).json({ error: 'ERR_NO_CONNECTION' });
    const raw: unknown = req.body;
    if (!Buffer.isBuffer(raw)) {
      // Only when something before this route parsed the body: the signature cannot be checked then.
      if (raw !== undefined && !(typeof raw === 'object' && raw !== null && Object.keys(raw).length === 0)) {
        host.log.error(`${channel}: webhook body was parsed before the plugin route; the signature cannot be checked`);
        return void res.status(500).json({ error: 'ERR_RAW_BODY_UNAVAILABLE' });
      }
    }
    const body = Buffer.isBuffer(raw) ? raw : Buffer.alloc(0);
    const { appSecret } = metaSettings(connection);
    if (!verifySignature(body, req.get('x-hub-signature-256'), appSecret)) {
      host.log.warn(`${channel}: webhook with a missing or wrong X-Hub-Signature-256 refused`, { connectionId: connection.id });
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
      host.log.warn(`${channel}: webhook for object ${String(payload?.object)} ignored (expected ${object})`, {
        connectionId: connection.id,
      });
      return;
    }
    const previous = queues.get(connection.id) ?? Promise.resolve();
    const next = previous
      .then(() =>
        handleWebhookPayload(payload, {
          connection,
          store: host.store(connection),
          log: host.log,
          inbound: (event) => host.inbound(connection, event),
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
  });
}
