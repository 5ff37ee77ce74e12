import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Request, Response } from 'express';
import { inject, injectable } from '@switchboard/sdk';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { Authenticator } from '../../platform/auth/authenticator.js';
import { signedIn } from '../../platform/http/access.js';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { AppError } from '../../platform/http/app-error.js';
import { MediaStorage } from '../../platform/media/media-storage.js';
import { MediaAccess, storedPath } from './media-access.js';
import { MediaLinks } from './media-links.js';
import { Mp3Copies } from './mp3-copies.js';

/**
 * Files the app shows in place: images the browser renders as pictures (never svg, which is a document that can
 * run script), audio and video. Everything else (html, svg, pdf, office files, ...) is sent as a download.
 */
const shownInline = /^\.(png|jpe?g|gif|webp|bmp|avif|ico|mp3|ogg|oga|opus|m4a|aac|wav|amr|mp4|m4v|webm|mov|3gp)$/i;
/** A stored file is never a page of ours: no script, no plugin, no form, no same-origin access even if opened. */
const userFilePolicy = "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";

/**
 * GET /media/<stored path>: a company's files (message media, profile pictures, quick-message attachments) for
 * its own users, ticket media only for those who may see the ticket. The caller is the bearer token's user, or
 * the user of a signed link from GET /media-link (an access token in the query is not accepted: URLs end up in
 * logs, histories and Referer headers). An .mp3 that is not stored but has a voice-note original beside it is
 * made on this first request (iOS/Safari).
 */
@injectable()
export class MediaRoutes implements RouteContribution {
  readonly area = 'media';

  constructor(
    @inject(Authenticator) private readonly authenticator: Authenticator,
    @inject(MediaStorage) private readonly media: MediaStorage,
    @inject(MediaAccess) private readonly access: MediaAccess,
    @inject(MediaLinks) private readonly links: MediaLinks,
    @inject(Mp3Copies) private readonly mp3Copies: Mp3Copies,
  ) {}

  register(api: ApiRouter): void {
    // 'public' to the router: the caller is authenticated here, from the header or a signed link.
    api.get('/media/*path', 'public', async ({ req, res, params, query }) => {
      const stored = storedPath(params.path as unknown as string[]);
      if (!req.headers.authorization && query.integration === '1') return this.sendToIntegration(res, query, stored);
      const auth = await this.caller(req, query, stored);
      await this.access.check(auth, stored);
      const file = this.file(auth.companyId, stored);
      if (!existsSync(file) && !(await this.mp3Copies.make(auth.companyId, stored))) throw AppError.notFound('ERR_NO_MEDIA_FOUND');
      await send(res, file);
    });

    // A signed link for one stored file, for an element or a tab that cannot send the Authorization header.
    api.get('/media-link', signedIn, async ({ auth, query }) => {
      if (typeof query.path !== 'string') throw new AppError('ERR_VALIDATION', 400, { fields: { path: 'Required' } });
      const stored = storedPath(query.path.replace(/^\/?(media\/)?/, ''));
      await this.access.check(auth, stored);
      this.file(auth.companyId, stored);
      // Not checked for existence: an mp3 copy is made on its first request, and a missing file answers 404 then.
      return this.links.sign(auth, stored);
    });
  }

  /** A file an integration link names (MediaLinks.signForIntegration): no user, only the signature and the folder. */
  private async sendToIntegration(res: Response, query: Record<string, unknown>, stored: string): Promise<void> {
    const companyId = companyOf(stored);
    if (!this.links.verifyIntegration(query, stored, companyId)) throw new AppError('ERR_SESSION_EXPIRED', 401);
    const file = this.file(companyId, stored);
    if (!existsSync(file)) throw AppError.notFound('ERR_NO_MEDIA_FOUND');
    await send(res, file);
  }

  private async caller(req: Request, query: Record<string, unknown>, stored: string): Promise<AuthContext> {
    if (req.headers.authorization) return this.authenticator.authenticate(req);
    const companyId = companyOf(stored);
    const claims = this.links.verify(query, stored, companyId);
    if (!claims) throw new AppError('ERR_SESSION_EXPIRED', 401);
    // The link's session goes through the very check its access token would (session open, token version,
    // company active and paid).
    return this.authenticator.authenticateClaims(claims);
  }

  /** The file on disk, which must lie inside the company's folder. */
  private file(companyId: number, stored: string): string {
    try {
      const folder = this.media.absolutePath(`company${companyId}`);
      const file = this.media.absolutePath(stored);
      if (file.startsWith(folder + path.sep)) return file;
    } catch {
      // an invalid path is a missing file
    }
    throw AppError.notFound('ERR_NO_MEDIA_FOUND');
  }
}

/** The company whose folder a stored path lies in (NaN when none). */
function companyOf(stored: string): number {
  return Number(/^company(\d+)$/.exec(stored.split('/')[0]!)?.[1]);
}

/** Sends a user's file so that the browser can never run it as a page of this origin. */
async function send(res: Response, file: string): Promise<void> {
  res.setHeader('Cache-Control', 'private, max-age=3600');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', userFilePolicy);
  if (!shownInline.test(path.extname(file))) res.attachment(path.basename(file));
  await new Promise<void>((resolve, reject) => res.sendFile(file, (error) => (error ? reject(error) : resolve())));
}
