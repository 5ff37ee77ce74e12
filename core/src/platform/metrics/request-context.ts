import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

/**
 * The request being handled, followed through every await, timer and job it starts: the logger adds its id to each
 * line (requestLogFields), so one id finds an inbound message's whole path.
 */
const scope = new AsyncLocalStorage<{ reqId: string }>();

/** An id a proxy or client may hand us; anything else (too long, spaces, control characters) is replaced. */
const saneId = /^[A-Za-z0-9._:@-]{1,128}$/;

export function currentRequestId(): string | undefined {
  return scope.getStore()?.reqId;
}

/** The logger's mixin: a fresh object each call, since pino merges the line's own fields into it. */
export function requestLogFields(): { reqId?: string } {
  const reqId = scope.getStore()?.reqId;
  return reqId ? { reqId } : {};
}

/** Runs `work` as part of the request `reqId` (a job carrying its sender's id), or of none. */
export function withRequestId<T>(reqId: string | undefined, work: () => T): T {
  return reqId ? scope.run({ reqId }, work) : scope.exit(work);
}

/**
 * Runs `work` outside any request: what it starts (a channel session, a queue's Redis clients) outlives the request,
 * and its later log lines must not carry that request's id.
 */
export function outsideRequest<T>(work: () => T): T {
  return scope.exit(work);
}

/**
 * Gives every request an id (a sane X-Request-Id, else a random one), answers it in X-Request-Id and runs the rest of
 * the request under it. At debug level, one line per request names its route pattern, never its path (a webhook's
 * path carries its connection token).
 */
export function requestIds(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const given = req.get('x-request-id');
    const reqId = given && saneId.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', reqId);
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      if (!logger.isLevelEnabled('debug')) return;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.debug({ reqId, method: req.method, route: routeOf(req), status: res.statusCode, ms: Math.round(ms) }, 'request');
    });
    scope.run({ reqId }, next);
  };
}

/** The pattern of the route that answered (`/tickets/:ticketId`), or `other` (the web app's files, unknown paths). */
export function routeOf(req: { baseUrl: string; route?: { path?: unknown } }): string {
  const path = req.route?.path;
  return path === undefined ? 'other' : `${req.baseUrl}${String(path)}`;
}
