import { createHmac, timingSafeEqual } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import type { ConnectionInfo, PluginHost } from '@switchboard/sdk';
import { handleCloudChange, type CloudChangeValue, type CloudWebhookPayload } from './cloud-webhook-events.js';
import { cloudApiOf, type CloudSessionOptions } from './cloud-session.js';
import { cloudSettings, WHATSAPP_CLOUD_CHANNEL } from './cloud-settings.js';
import { CustomerServiceWindow } from './customer-service-window.js';

/** Meta's X-Hub-Signature-256: `sha256=` and the hex HMAC-SHA256 of the raw body keyed by the app secret. */
export function hubSignature(rawBody: Buffer | string, appSecret: string): string {
  return 'sha256=' + createHmac('sha256', appSecret).update(rawBody).digest('hex');
}

function equalInConstantTime(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length > 0 && a.length === b.length && timingSafeEqual(a, b);
}

/** The changes of a delivery grouped by the phone number id each names. */
function changesByNumber(payload: CloudWebhookPayload): Map<string, CloudChangeValue[]> {
  const grouped = new Map<string, CloudChangeValue[]>();
  for (const entry of payload.entry ?? []) {
    for (const change of entry.changes ?? []) {
      const phoneNumberId = change.value?.metadata?.phone_number_id;
      if (change.field !== 'messages' || !change.value || !phoneNumberId) continue;
      grouped.set(String(phoneNumberId), [...(grouped.get(String(phoneNumberId)) ?? []), change.value]);
    }
  }
  return grouped;
}

/**
 * The channel's webhook, at /webhooks/whatsappapi/<phone number id> (the callback URL an admin gives Meta; the
 * number id is no secret) and /webhooks/whatsappapi:
 * - GET answers Meta's subscription handshake when hub.verify_token is the verify token of the connection owning
 *   the number in the path;
 * - POST routes each change by its `metadata.phone_number_id` to the one connection owning that number, and only
 *   when the body is signed with that connection's app secret: one unsigned or mis-signed part refuses the whole
 *   delivery (401) before anything is handed on. A number no connection owns reaches no company.
 */
export function registerCloudWebhook(router: Router, host: PluginHost, options: CloudSessionOptions): void {
  const base = `/webhooks/${WHATSAPP_CLOUD_CHANNEL}`;
  const queues = new Map<number, Promise<void>>();

  router.get(`${base}/:phoneNumberId`, async (req: Request, res: Response) => {
    const connection = await host.findConnectionByAddress(WHATSAPP_CLOUD_CHANNEL, String(req.params.phoneNumberId));
    const { verifyToken } = connection ? cloudSettings(connection) : { verifyToken: '' };
    const challenge = req.query['hub.challenge'];
    const given = req.query['hub.verify_token'];
    if (
      req.query['hub.mode'] === 'subscribe' &&
      typeof given === 'string' &&
      typeof challenge === 'string' &&
      equalInConstantTime(given, verifyToken)
    ) {
      return void res.status(200).type('text/plain').send(challenge);
    }
    host.log.warn('whatsappapi: webhook handshake refused', { connectionId: connection?.id });
    res.status(403).type('text/plain').send('Forbidden');
  });

  const receive = async (req: Request, res: Response) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    let payload: CloudWebhookPayload;
    try {
      payload = JSON.parse(raw.toString('utf8')) as CloudWebhookPayload;
    } catch {
      return void res.status(400).json({ error: 'ERR_INVALID_JSON' });
    }
    const signature = req.get('x-hub-signature-256') ?? '';
    // An unsigned delivery is refused even when it names no known number: it never came from Meta.
    if (!signature.startsWith('sha256=')) return void res.status(401).json({ error: 'ERR_INVALID_SIGNATURE' });
    const routed: [ConnectionInfo, CloudChangeValue[]][] = [];
    for (const [phoneNumberId, values] of changesByNumber(payload)) {
      const connection = await host.findConnectionByAddress(WHATSAPP_CLOUD_CHANNEL, phoneNumberId);
      if (!connection) {
        host.log.warn('whatsappapi: webhook for a phone number no connection has', { phoneNumberId });
        continue;
      }
      const { appSecret } = cloudSettings(connection);
      if (!appSecret || !equalInConstantTime(signature, hubSignature(raw, appSecret))) {
        host.log.warn('whatsappapi: webhook with a missing or wrong X-Hub-Signature-256 refused', { connectionId: connection.id });
        return void res.status(401).json({ error: 'ERR_INVALID_SIGNATURE' });
      }
      routed.push([connection, values]);
    }
    res.status(200).type('text/plain').send('EVENT_RECEIVED');
    for (const [connection, values] of routed) deliverInOrder(connection, values);
  };
  router.post(base, express.raw({ type: () => true, limit: '5mb' }), receive);
  router.post(`${base}/:phoneNumberId`, express.raw({ type: () => true, limit: '5mb' }), receive);

  /** One connection's deliveries are handled one after the other, in arrival order, after Meta got its 200. */
  function deliverInOrder(connection: ConnectionInfo, values: CloudChangeValue[]): void {
    const context = {
      api: cloudApiOf(connection, options),
      window: new CustomerServiceWindow(host.store(connection), options.now),
      log: host.log,
      inbound: (event: Parameters<PluginHost['inbound']>[1]) => host.inbound(connection, event),
    };
    const next = (queues.get(connection.id) ?? Promise.resolve())
      .then(async () => {
        for (const value of values) await handleCloudChange(value, context);
      })
      .catch((error: unknown) =>
        host.log.error('whatsappapi: webhook delivery failed', { connectionId: connection.id, error: String(error) }),
      );
    queues.set(connection.id, next);
    void next.finally(() => {
      if (queues.get(connection.id) === next) queues.delete(connection.id);
    });
  }
}
