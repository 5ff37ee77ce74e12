import express, { type Request, type RequestHandler, type Response } from 'express';
import multer from 'multer';
import type { AuthContext } from '../auth/auth-context.js';
import type { Authenticator } from '../auth/authenticator.js';
import { checkAccess, type Access } from './access.js';
import type { ContactNumberMasking } from './contact-number-masking.js';

/** Largest raw body a webhook route reads (a provider's event is a few kilobytes). */
const RAW_BODY_LIMIT = '1mb';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteContext {
  req: Request;
  res: Response;
  /** The caller; only routes whose access is 'public' may not have one. */
  auth: AuthContext;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  files: Express.Multer.File[];
}

export interface UploadOptions {
  /** Multipart field names accepted as files (any other file field is refused). */
  fields: string[];
  maxFiles?: number;
  maxFileBytes?: number;
}

export interface RouteDefinition {
  method: HttpMethod;
  path: string;
  access: Access;
  handler(ctx: RouteContext): Promise<unknown> | unknown;
  /** Status of a successful answer; default 200 (204 sends no body). */
  status?: number;
  upload?: UploadOptions;
  /** Middleware run before authentication, e.g. a rate limit. */
  before?: RequestHandler[];
  /**
   * The body as its raw bytes (a Buffer), for a webhook whose signature or token covers the exact bytes: the route is
   * served by `rawBodyRouter`, which the server mounts before the JSON parser.
   */
  rawBody?: boolean;
}

/** What the router-enumerating tests read: every route with its access rule. */
export interface RouteInfo {
  method: HttpMethod;
  path: string;
  access: Access;
  area: string;
}

export const RouteContribution = Symbol('RouteContribution');
/** A module's routes; the server mounts every contribution at start. */
export interface RouteContribution {
  readonly area: string;
  register(api: ApiRouter): void;
}

/**
 * Thin routes: each declares its access, the router authenticates and authorises, the handler parses,
 * calls one service and returns the answer body.
 */
export class ApiRouter {
  readonly router = express.Router();
  /** The routes that read their body raw (see RouteDefinition.rawBody). */
  readonly rawBodyRouter = express.Router();
  readonly routes: RouteInfo[] = [];
  private area = 'core';

  constructor(
    private readonly authenticator: Authenticator,
    /** Every JSON answer passes through it, so no route can forget lgpdHideNumber. */
    private readonly masking?: ContactNumberMasking,
  ) {}

  forArea(area: string): this {
    this.area = area;
    return this;
  }

  get(path: string, access: Access, handler: RouteDefinition['handler'], extra: Partial<RouteDefinition> = {}): void {
    this.add({ method: 'get', path, access, handler, ...extra });
  }

  post(path: string, access: Access, handler: RouteDefinition['handler'], extra: Partial<RouteDefinition> = {}): void {
    this.add({ method: 'post', path, access, handler, ...extra });
  }

  put(path: string, access: Access, handler: RouteDefinition['handler'], extra: Partial<RouteDefinition> = {}): void {
    this.add({ method: 'put', path, access, handler, ...extra });
  }

  delete(path: string, access: Access, handler: RouteDefinition['handler'], extra: Partial<RouteDefinition> = {}): void {
    this.add({ method: 'delete', path, access, handler, ...extra });
  }

  add(route: RouteDefinition): void {
    this.routes.push({ method: route.method, path: route.path, access: route.access, area: this.area });
    const chain: RequestHandler[] = [...(route.before ?? [])];
    if (route.rawBody) chain.push(express.raw({ type: () => true, limit: RAW_BODY_LIMIT }));
    if (route.access !== 'public') {
      const access = route.access;
      chain.push(async (req, res, next) => {
        const auth = await this.authenticator.authenticate(req, { allowExpired: access.allowExpired });
        checkAccess(access, auth);
        res.locals.auth = auth;
        next();
      });
    }
    if (route.upload) chain.push(uploadMiddleware(route.upload));
    chain.push(async (req, res) => {
      const result = await route.handler({
        req,
        res,
        auth: res.locals.auth as AuthContext,
        params: req.params as Record<string, string>,
        query: req.query as Record<string, unknown>,
        body: req.body,
        files: uploadedFiles(req),
      });
      if (res.headersSent) return;
      // A handler may have set its own status (e.g. 503 from /health); route.status is the default success.
      if (route.status && res.statusCode === 200) res.status(route.status);
      if (res.statusCode === 204) res.end();
      else res.json(await this.shaped(res.locals.auth as AuthContext | undefined, result ?? {}));
    });
    (route.rawBody ? this.rawBodyRouter : this.router)[route.method](route.path, ...chain);
  }

  /** The answer as this caller may see it (contact numbers masked under lgpdHideNumber). */
  private async shaped(auth: AuthContext | undefined, body: unknown): Promise<unknown> {
    return this.masking ? this.masking.shape(auth, body) : body;
  }
}

function uploadMiddleware(options: UploadOptions): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { files: options.maxFiles ?? 10, fileSize: options.maxFileBytes ?? 64 * 1024 * 1024 },
  });
  return upload.fields(options.fields.map((name) => ({ name, maxCount: options.maxFiles ?? 10 }))) as unknown as RequestHandler;
}

function uploadedFiles(req: Request): Express.Multer.File[] {
  if (!req.files) return [];
  return Array.isArray(req.files) ? req.files : Object.values(req.files).flat();
}
