import { existsSync } from 'node:fs';
import { inject, injectable } from '@switchboard/sdk';
import { Authenticator } from '../../platform/auth/authenticator.js';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { AppError } from '../../platform/http/app-error.js';
import { MediaStorage } from '../../platform/media/media-storage.js';
import { Mp3Copies } from './mp3-copies.js';

/**
 * GET /media/<stored path>: a company's files (message media, profile pictures, quick-message attachments) for
 * its own users. Images and audio players cannot send headers, so the access token may come as ?token=.
 * An .mp3 that is not stored but has a voice-note original beside it is made on this first request (iOS/Safari).
 */
@injectable()
export class MediaRoutes implements RouteContribution {
  readonly area = 'media';

  constructor(
    @inject(Authenticator) private readonly authenticator: Authenticator,
    @inject(MediaStorage) private readonly media: MediaStorage,
    @inject(Mp3Copies) private readonly mp3Copies: Mp3Copies,
  ) {}

  register(api: ApiRouter): void {
    // 'public' to the router: the caller is authenticated here, from the header or the query.
    api.get('/media/*path', 'public', async ({ req, res, params, query }) => {
      const header = req.headers.authorization?.split(' ');
      const token = header?.[0]?.toLowerCase() === 'bearer' ? header[1] : typeof query.token === 'string' ? query.token : undefined;
      const auth = await this.authenticator.authenticateToken(token);
      const segments = params.path as unknown as string[] | string;
      const stored = Array.isArray(segments) ? segments.join('/') : segments;
      if (!stored.startsWith(`company${auth.companyId}/`)) throw AppError.notFound('ERR_NO_MEDIA_FOUND');
      let file: string;
      try {
        file = this.media.absolutePath(stored);
      } catch {
        throw AppError.notFound('ERR_NO_MEDIA_FOUND');
      }
      if (!existsSync(file) && !(await this.mp3Copies.make(stored))) throw AppError.notFound('ERR_NO_MEDIA_FOUND');
      res.setHeader('Cache-Control', 'private, max-age=3600');
      res.setHeader('X-Content-Type-Options', 'nosniff');
      await new Promise<void>((resolve, reject) => res.sendFile(file, (error) => (error ? reject(error) : resolve())));
    });
  }
}
