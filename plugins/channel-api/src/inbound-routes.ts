import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import type { ConnectionInfo, InboundEvent, MediaHosts, PluginHost } from '@switchboard/sdk';
import { apiSettings } from './api-settings.js';
import type { ConnectionRateLimiter } from './connection-rate-limiter.js';
import { inboundAck, inboundMessage, InboundRequestError, MAX_REQUEST_BYTES, parseJsonObject } from './inbound-request.js';
import { SIGNATURE_HEADER, verifyPayload } from './payload-signature.js';

export interface InboundRouteOptions {
  host: PluginHost;
  channel: string;
  limiter: ConnectionRateLimiter;
  mediaHosts: MediaHosts;
}

/**
 * Where each inbound route is served: the issue's /api/channels/<token>/..., and the plugins' usual
 * /webhooks/<channel>/<token>/... (core mounts a channel's routes at the root, before its own API and body parsers).
 */
export function inboundPaths(channel: string, action: 'messages' | 'statuses'): string[] {
  return [`/api/channels/:token/${action}`, `/webhooks/${channel}/:token/${action}`];
}

function refuse(res: Response, error: InboundRequestError): void {
  res.status(error.status).json({ error: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) });
}

/**
 * The integrator's side of an API connection: POST .../messages (a contact writes) and POST .../statuses (a message
 * the webhook received was delivered or read), both JSON, authenticated by the connection's token in the path and,
 * when sent or required, an X-Switchboard-Signature over the raw body. Answered once core has committed the event.
 */
export function registerInboundRoutes(router: Router, options: InboundRouteOptions): void {
  const { host, channel, limiter, mediaHosts } = options;
  const rawBody = express.raw({ type: () => true, limit: MAX_REQUEST_BYTES });

  // A body over the limit answers 413 in the API's error shape, not express's HTML page.
  const readBody: RequestHandler = (req, res, next) => {
    rawBody(req, res, (error?: unknown) => {
      if (!error) return next();
      const status = (error as { status?: number }).status;
      if (status === 413)
        return refuse(res, new InboundRequestError(413, 'ERR_PAYLOAD_TOO_LARGE', `The body is larger than ${MAX_REQUEST_BYTES} bytes`));
      if (status === 400) return refuse(res, new InboundRequestError(400, 'ERR_INVALID_JSON', 'The body could not be read'));
      next(error);
    });
  };

  /** The token's connection, signature and rate checked; the JSON object sent; or undefined once refused. */
  async function authenticated(
    req: Request,
    res: Response,
  ): Promise<{ connection: ConnectionInfo; input: Record<string, unknown> } | undefined> {
    const token = String(req.params.token ?? '');
    const connection = token.length > 0 && token.length <= 200 ? await host.findConnectionByToken(channel, token) : undefined;
    if (!connection) return void refuse(res, new InboundRequestError(401, 'ERR_INVALID_TOKEN', 'No API connection has this token'));
    if (!limiter.take(connection.id)) {
      res.set('Retry-After', String(Math.max(1, limiter.retryAfterSeconds(connection.id))));
      return void refuse(
        res,
        new InboundRequestError(429, 'ERR_TOO_MANY_REQUESTS', 'Too many requests for this connection, try again later'),
      );
    }
    const raw = Buffer.isBuffer(req.body) ? req.body : undefined;
    if (!raw) {
      // Only when something before this route parsed the body: the signature cannot be checked then.
      host.log.error('api: the request body was parsed before the plugin route; the signature cannot be checked');
      return void res.status(500).json({ error: 'ERR_RAW_BODY_UNAVAILABLE' });
    }
    const settings = apiSettings(connection);
    const signature = req.get(SIGNATURE_HEADER);
    if ((signature !== undefined || settings.requireSignature) && !verifyPayload(raw, signature, settings.webhookSecret)) {
      host.log.warn('api: inbound request with a missing or wrong signature refused', { connectionId: connection.id });
      return void refuse(
        res,
        new InboundRequestError(401, 'ERR_INVALID_SIGNATURE', `${SIGNATURE_HEADER} does not sign this body with the webhook secret`),
      );
    }
    return { connection, input: parseJsonObject(raw) };
  }

  function route(
    action: 'messages' | 'statuses',
    toEvent: (input: Record<string, unknown>) => Promise<InboundEvent> | InboundEvent,
    id: (event: InboundEvent) => string,
  ) {
    const handler = async (req: Request, res: Response, next: NextFunction) => {
      let accepted: { connection: ConnectionInfo; event: InboundEvent } | undefined;
      try {
        const request = await authenticated(req, res);
        if (!request) return;
        accepted = { connection: request.connection, event: await toEvent(request.input) };
      } catch (error) {
        if (error instanceof InboundRequestError) return refuse(res, error);
        return next(error);
      }
      // Core's own failures (a database away) go to its error handler, which answers 503 with Retry-After.
      await host.inbound(accepted.connection, accepted.event);
      res.status(202).json({ id: id(accepted.event) });
    };
    for (const path of inboundPaths(channel, action)) router.post(path, readBody, handler);
  }

  route(
    'messages',
    (input) => inboundMessage(input, { mediaHosts }),
    (event) => (event.type === 'message' ? event.externalId : ''),
  );
  route('statuses', inboundAck, (event) => (event.type === 'ack' ? event.externalId : ''));
}
