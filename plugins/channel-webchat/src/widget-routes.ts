import { readFile } from 'node:fs/promises';
import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import multer from 'multer';
import type { ConnectionInfo, PluginHost } from '@switchboard/sdk';
import { renderEmbedScript, renderNotFoundPage, renderWidgetPage, WIDGET_ASSETS, WIDGET_PAGE_CSP, widgetAsset } from './widget-page.js';
import type { VisitorRateLimiter } from './visitor-rate-limiter.js';
import { WIDGET_NAMESPACE } from './webchat-session.js';
import { mediaTypeOf, newMessageId, viewOf, visitorRoom, VisitorTranscript, type VisitorMeta } from './visitor-transcript.js';
import { EMAIL, MAX_BODY_LENGTH, MAX_EMAIL_LENGTH, MAX_MEDIA_BYTES, MAX_NAME_LENGTH } from './widget-contract.js';

/**
 * The widget names each message with a random id of its own (`clientId`) and sends it again with every retry; the
 * message is stored as `wc-<clientId>`, so a retry of a message the server already took is answered, not stored again.
 * At least 22 characters: never the 16 of a server-made id (newMessageId).
 */
const CLIENT_ID = /^[A-Za-z0-9_-]{22,64}$/;

// The attempts of one message are handled one after another in this process, so a retry sent while the first attempt
// is still running (its answer was lost) finds what that attempt stored.
const attempts = new Map<string, Promise<unknown>>();
async function oneAttemptAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = attempts.get(key);
  const current = (previous ?? Promise.resolve()).catch(() => undefined).then(work);
  attempts.set(key, current);
  try {
    return await current;
  } finally {
    if (attempts.get(key) === current) attempts.delete(key);
  }
}

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

  // The connection's public id, never its token (the external API's credential): the widget is public.
  const findConnection = async (widgetId: string): Promise<ConnectionInfo | undefined> =>
    widgetId.length > 0 && widgetId.length <= 200 ? host.findConnectionByPublicId(channel, widgetId) : undefined;

  const withConnection: RequestHandler = async (req, res, next) => {
    const connection = await findConnection(String(req.params.widgetId ?? ''));
    if (!connection) return fail(res, 404, 'ERR_NOT_FOUND');
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
      const key = keyOf(req, res);
      if (!limiter.take(key)) {
        // The widget's outbox waits this long before it tries again, rather than guessing.
        res.set('Retry-After', String(Math.max(1, limiter.secondsUntilNext(key))));
        return fail(res, 429, 'ERR_TOO_MANY_REQUESTS', 'Too many messages, try again later');
      }
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

  const pageHeaders = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy': WIDGET_PAGE_CSP,
  };

  router.get('/widget/:widgetId', async (req: Request, res: Response) => {
    const connection = await findConnection(String(req.params.widgetId ?? ''));
    if (!connection) return res.status(404).set(pageHeaders).send(renderNotFoundPage(WIDGET_NAMESPACE));
    res
      .status(200)
      .set(pageHeaders)
      .send(renderWidgetPage({ connection, namespace: WIDGET_NAMESPACE }));
  });

  // The page's script and stylesheet: the same built files for every connection.
  for (const asset of ['widget.js', 'widget.css'] as const) {
    router.get(`/widget/:widgetId/${asset}`, async (_req: Request, res: Response) => {
      const text = await widgetAsset(asset);
      if (text === undefined) return fail(res, 404, 'ERR_NOT_FOUND', 'The widget is not built (npm run build)');
      res.status(200).set(assetHeaders(asset)).send(text);
    });
  }

  // The launcher other websites load with one script tag; it carries the connection's title and colour.
  router.get('/widget/:widgetId/embed.js', withConnection, async (_req: Request, res: Response) => {
    const built = await widgetAsset('embed.js');
    if (built === undefined) return fail(res, 404, 'ERR_NOT_FOUND', 'The widget is not built (npm run build)');
    res
      .status(200)
      .set(assetHeaders('embed.js'))
      .send(renderEmbedScript(built, locals(res).connection));
  });

  router.post(
    '/widget/:widgetId/sessions',
    withConnection,
    limit(options.sessionLimiter, (req, res) => `${locals(res).connection.id}:${req.ip ?? ''}`),
    json,
    async (req: Request, res: Response) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const fields: Record<string, string> = {};
      const name = typeof body.name === 'string' ? body.name.trim() : '';
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
      // A visitor starts with a name (agents address them by it); an e-mail when the connection asks for one.
      if (body.name !== undefined && typeof body.name !== 'string') fields.name = 'Invalid name';
      else if (!name) fields.name = 'Required';
      else if (name.length > MAX_NAME_LENGTH) fields.name = `At most ${MAX_NAME_LENGTH} characters`;
      if (body.email !== undefined && body.email !== null && typeof body.email !== 'string') fields.email = 'Invalid e-mail';
      else if (!email && locals(res).connection.settings.requireEmail === true) fields.email = 'Required';
      else if (email && (email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email))) fields.email = 'Invalid e-mail';
      if (Object.keys(fields).length > 0) return fail(res, 400, 'ERR_VALIDATION', Object.values(fields)[0], fields);
      const { visitorId, visitorToken } = await locals(res).transcript.createVisitor({
        name,
        email: email || undefined,
      });
      res.status(200).json({ visitorId, visitorToken });
    },
  );

  router.post(
    '/widget/:widgetId/messages',
    withConnection,
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

      if (raw.clientId !== undefined && (typeof raw.clientId !== 'string' || !CLIENT_ID.test(raw.clientId))) {
        return fail(res, 400, 'ERR_VALIDATION', 'Invalid clientId', { clientId: 'Invalid clientId' });
      }
      const clientId = raw.clientId as string | undefined;

      const mimeType = file?.mimetype || 'application/octet-stream';
      const fileName = file ? safeFileName(file.originalname) : undefined;
      const id = clientId ? `wc-${clientId}` : newMessageId();
      const entry = await oneAttemptAtATime(`${connection.id}:${id}`, async () => {
        // A retry: what an earlier attempt stored is handed to core again, which stores each message id once.
        const known = clientId ? await transcript.find(meta.id, id) : undefined;
        const entry =
          known ??
          (await transcript.append(
            meta.id,
            {
              id,
              body,
              fromMe: false,
              media: file ? { fileName: fileName!, mimeType, mediaType: mediaTypeOf(mimeType) } : undefined,
              createdAt: new Date().toISOString(),
            },
            file?.buffer,
          ));
        try {
          await host.inbound(connection, {
            type: 'message',
            externalId: entry.id,
            chat: { address: meta.id, name: meta.name ?? `Webchat ${meta.id.slice(0, 8)}`, email: meta.email },
            fromMe: false,
            timestamp: new Date(entry.createdAt),
            body: entry.body,
            mediaType: file ? mediaTypeOf(mimeType) : 'chat',
            media: file ? { data: file.buffer, fileName: fileName!, mimeType } : undefined,
          });
        } catch (error) {
          // The outage that refused the message may refuse this too: the visitor's retry then finds the entry.
          if (!known) await transcript.discard(meta.id, entry).catch(() => undefined);
          throw error;
        }
        return entry;
      });
      // Other open tabs of the same visitor show it too.
      host.namespace(WIDGET_NAMESPACE).to(visitorRoom(connection.id, meta.id)).emit('message', viewOf(entry, connection.publicId));
      res.status(200).json({ id: entry.id, seq: entry.seq, createdAt: entry.createdAt });
    },
  );

  router.get('/widget/:widgetId/messages', withConnection, visitor, async (req: Request, res: Response) => {
    const pageNumber = req.query.pageNumber === undefined ? 1 : Number(req.query.pageNumber);
    if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > 100_000) {
      return fail(res, 400, 'ERR_VALIDATION', 'Invalid pageNumber', { pageNumber: 'Invalid pageNumber' });
    }
    const { connection, transcript } = locals(res);
    const { entries, hasMore } = await transcript.page(locals(res).visitor!.id, pageNumber);
    res.json({ messages: entries.map((entry) => viewOf(entry, connection.publicId)), hasMore });
  });

  router.get('/widget/:widgetId/media/:messageId', withConnection, visitor, async (req: Request, res: Response) => {
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

  // A body the parsers refused answers in the API's shape; any other failure goes to the server's own handler, which
  // answers 503 ERR_SERVICE_UNAVAILABLE with Retry-After while the database or Redis is away (the widget retries).
  router.use('/widget', (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: number; type?: string }).status;
    if (status === 400 || status === 413) return fail(res, status, 'ERR_VALIDATION', 'Invalid request body');
    next(error);
  });
}

function assetHeaders(asset: keyof typeof WIDGET_ASSETS): Record<string, string> {
  return {
    'Content-Type': `${WIDGET_ASSETS[asset]}; charset=utf-8`,
    // Revalidated on each load, so a new build (or new settings in embed.js) reaches visitors at once.
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    // Loaded by other websites' pages (embed.js) and by the framed chat page.
    'Cross-Origin-Resource-Policy': 'cross-origin',
  };
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
