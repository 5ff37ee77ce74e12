import { readFile } from 'node:fs/promises';
import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import multer from 'multer';
import type { ConnectionInfo, PluginHost } from '@switchboard/sdk';
import { renderNotFoundPage, renderWidgetPage } from './widget-page.js';
import type { VisitorRateLimiter } from './visitor-rate-limiter.js';
import { WIDGET_NAMESPACE } from './webchat-session.js';
import { mediaTypeOf, newMessageId, viewOf, visitorRoom, VisitorTranscript, type VisitorMeta } from './visitor-transcript.js';

export const MAX_NAME_LENGTH = 80;
export const MAX_BODY_LENGTH = 4096;
export const MAX_MEDIA_BYTES = 16 * 1024 * 1024;
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

export interface WidgetRouteOptions {
  host: PluginHost;
  channel: string;
  /** Visitor messages (per visitor). */
  messageLimiter: VisitorRateLimiter;
  /** Visitor sessions created (per connection and client address). */
  sessionLimiter: VisitorRateLimiter;
}

interface WidgetLocals {
  connection: ConnectionInfo;
  transcript: VisitorTranscript;
  visitor?: VisitorMeta;
}

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_MEDIA_BYTES, files: 1, fields: 4, fieldSize: 64 * 1024 },
}).single('media');

function fail(res: Response, status: number, error: string, message?: string, fields?: Record<string, string>): void {
  res.status(status).json({ error, ...(message ? { message } : {}), ...(fields ? { fields } : {}) });
}

function locals(res: Response): WidgetLocals {
  return res.locals as WidgetLocals;
}

/** The widget's HTTP endpoints, all under /widget/:widgetId (the connection's public id). Thin: parse, authenticate, call the transcript, shape. */
export function registerWidgetRoutes(router: Router, options: WidgetRouteOptions): void {
  const { host, channel } = options;

  const connectionOf =
    (html: boolean): RequestHandler =>
    async (req, res, next) => {
      // The connection's public id, never its token (the external API's credential): the page is public.
      const widgetId = String(req.params.widgetId ?? '');
      const connection = widgetId.length > 0 && widgetId.length <= 200 ? await host.findConnectionByPublicId(channel, widgetId) : undefined;
      if (!connection) {
        if (html) res.status(404).type('html').send(renderNotFoundPage());
        else fail(res, 404, 'ERR_NOT_FOUND');
        return;
      }
      res.locals.connection = connection;
      res.locals.transcript = new VisitorTranscript(host.store(connection), connection.id);
      next();
    };

  const visitor: RequestHandler = async (req, res, next) => {
    const header = req.get('authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    const meta = await locals(res).transcript.authenticate(token);
    if (!meta) return fail(res, 401, 'ERR_SESSION_EXPIRED');
    res.locals.visitor = meta;
    next();
  };

  const limit =
    (limiter: VisitorRateLimiter, keyOf: (req: Request, res: Response) => string): RequestHandler =>
    (req, res, next) => {
      if (!limiter.take(keyOf(req, res))) return fail(res, 429, 'ERR_TOO_MANY_REQUESTS', 'Too many messages, try again later');
      next();
    };

  const multipart: RequestHandler = (req, res, next) => {
    upload(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError) {
        const message = error.code === 'LIMIT_FILE_SIZE' ? 'File larger than 16 MB' : 'Send one file, field media';
        return fail(res, error.code === 'LIMIT_FILE_SIZE' ? 413 : 400, 'ERR_VALIDATION', message, { media: message });
      }
      next(error);
    });
  };

  const json = express.json({ limit: '64kb' });

  router.get('/widget/:widgetId', connectionOf(true), (_req: Request, res: Response) => {
    const { html, nonce } = renderWidgetPage({ connection: locals(res).connection, namespace: WIDGET_NAMESPACE });
    res.removeHeader('X-Frame-Options');
    res
      .status(200)
      .set({
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
        'Content-Security-Policy': [
          "default-src 'none'",
          `script-src 'nonce-${nonce}'`,
          `style-src 'nonce-${nonce}'`,
          "connect-src 'self' ws: wss:",
          "img-src 'self' blob: data:",
          "media-src 'self' blob:",
          "base-uri 'none'",
          "form-action 'none'",
          'frame-ancestors *',
        ].join('; '),
      })
      .send(html);
  });

  router.post(
    '/widget/:widgetId/sessions',
    connectionOf(false),
    limit(options.sessionLimiter, (req, res) => `${locals(res).connection.id}:${req.ip ?? ''}`),
    json,
    async (req: Request, res: Response) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const fields: Record<string, string> = {};
      const name = typeof body.name === 'string' ? body.name.trim() : undefined;
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : undefined;
      if (body.name !== undefined && typeof body.name !== 'string') fields.name = 'Invalid name';
      else if (name && name.length > MAX_NAME_LENGTH) fields.name = `At most ${MAX_NAME_LENGTH} characters`;
      if (body.email !== undefined && typeof body.email !== 'string') fields.email = 'Invalid e-mail';
      else if (email && (email.length > 254 || !EMAIL.test(email))) fields.email = 'Invalid e-mail';
      if (Object.keys(fields).length > 0) return fail(res, 400, 'ERR_VALIDATION', Object.values(fields)[0], fields);
      const { visitorId, visitorToken } = await locals(res).transcript.createVisitor({
        name: name || undefined,
        email: email || undefined,
      });
      res.status(200).json({ visitorId, visitorToken });
    },
  );

  router.post(
    '/widget/:widgetId/messages',
    connectionOf(false),
    visitor,
    limit(options.messageLimiter, (_req, res) => `${locals(res).connection.id}:${locals(res).visitor!.id}`),
    json,
    multipart,
    async (req: Request, res: Response) => {
      const { connection, transcript } = locals(res);
      const meta = locals(res).visitor!;
      const file = req.file;
      const raw = (req.body ?? {}) as Record<string, unknown>;
      if (raw.body !== undefined && typeof raw.body !== 'string')
        return fail(res, 400, 'ERR_VALIDATION', 'Invalid body', { body: 'Invalid body' });
      const body = typeof raw.body === 'string' ? raw.body : '';
      if (body.length > MAX_BODY_LENGTH) {
        return fail(res, 400, 'ERR_VALIDATION', `At most ${MAX_BODY_LENGTH} characters`, { body: `At most ${MAX_BODY_LENGTH} characters` });
      }
      if (!file && body.trim().length === 0) return fail(res, 400, 'ERR_VALIDATION', 'Required', { body: 'Required' });

      const mimeType = file?.mimetype || 'application/octet-stream';
      const fileName = file ? safeFileName(file.originalname) : undefined;
      const createdAt = new Date();
      const entry = await transcript.append(
        meta.id,
        {
          id: newMessageId(),
          body,
          fromMe: false,
          media: file ? { fileName: fileName!, mimeType, mediaType: mediaTypeOf(mimeType) } : undefined,
          createdAt: createdAt.toISOString(),
        },
        file?.buffer,
      );
      try {
        await host.inbound(connection, {
          type: 'message',
          externalId: entry.id,
          chat: { address: meta.id, name: meta.name ?? `Webchat ${meta.id.slice(0, 8)}`, email: meta.email },
          fromMe: false,
          timestamp: createdAt,
          body,
          mediaType: file ? mediaTypeOf(mimeType) : 'chat',
          media: file ? { data: file.buffer, fileName: fileName!, mimeType } : undefined,
        });
      } catch (error) {
        await transcript.discard(meta.id, entry);
        throw error;
      }
      // Other open tabs of the same visitor show it too.
      host.namespace(WIDGET_NAMESPACE).to(visitorRoom(connection.id, meta.id)).emit('message', viewOf(entry, connection.publicId));
      res.status(200).json({ id: entry.id, createdAt: entry.createdAt });
    },
  );

  router.get('/widget/:widgetId/messages', connectionOf(false), visitor, async (req: Request, res: Response) => {
    const pageNumber = req.query.pageNumber === undefined ? 1 : Number(req.query.pageNumber);
    if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > 100_000) {
      return fail(res, 400, 'ERR_VALIDATION', 'Invalid pageNumber', { pageNumber: 'Invalid pageNumber' });
    }
    const { connection, transcript } = locals(res);
    const { entries, hasMore } = await transcript.page(locals(res).visitor!.id, pageNumber);
    res.json({ messages: entries.map((entry) => viewOf(entry, connection.publicId)), hasMore });
  });

  router.get('/widget/:widgetId/media/:messageId', connectionOf(false), visitor, async (req: Request, res: Response) => {
    const { transcript } = locals(res);
    const visitorId = locals(res).visitor!.id;
    const entry = await transcript.find(visitorId, String(req.params.messageId));
    if (!entry?.media || entry.deleted) return fail(res, 404, 'ERR_NOT_FOUND');
    const data = entry.media.path ? await readFile(entry.media.path).catch(() => undefined) : await transcript.mediaData(visitorId, entry);
    if (!data) return fail(res, 404, 'ERR_NOT_FOUND');
    res
      .status(200)
      .set({
        'Content-Type': entry.media.mimeType,
        'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(entry.media.fileName)}`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      })
      .send(data);
  });

  // Errors of these routes answer in the API's shape, never with a stack.
  router.use('/widget', (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: number; type?: string }).status;
    if (status === 400 || status === 413) return fail(res, status, 'ERR_VALIDATION', 'Invalid request body');
    host.log.error('webchat widget request failed', { error: error instanceof Error ? error.message : String(error) });
    fail(res, 500, 'ERR_INTERNAL');
  });
}

/** A file name without directories or control characters, at most 200 characters. */
function safeFileName(name: string): string {
  // multer gives latin1-decoded names; browsers send UTF-8.
  const decoded = Buffer.from(name, 'latin1').toString('utf8');
  const cleaned = decoded
    .replace(/[\\/]/g, '_')
    .split('')
    .filter((ch) => ch.charCodeAt(0) >= 32 && ch.charCodeAt(0) !== 127)
    .join('')
    .trim();
  return (cleaned || 'file').slice(0, 200);
}
