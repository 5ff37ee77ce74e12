import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContribution } from '../http/api-router.js';
import { bearerToken } from '../auth/authenticator.js';
import { AppError } from '../http/app-error.js';
import { Config } from '../tokens.js';
import { Metrics } from './metrics.js';

/**
 * GET /metrics for a Prometheus scraper holding METRICS_TOKEN. Without the variable the route steps aside and the
 * path answers as any unknown one, so an installation that does not use metrics shows none.
 */
@injectable()
export class MetricsRoutes implements RouteContribution {
  readonly area = 'metrics';

  constructor(
    @inject(Config) private readonly config: Config,
    @inject(Metrics) private readonly metrics: Metrics,
  ) {}

  register(api: ApiRouter): void {
    const token = this.config.metrics.token;
    const enabled: RequestHandler = (_req, _res, next) => next(token ? undefined : 'route');
    api.get(
      '/metrics',
      'public',
      async ({ req, res }) => {
        if (!token || !sameSecret(bearerToken(req) ?? '', token)) {
          res.setHeader('WWW-Authenticate', 'Bearer');
          throw new AppError('ERR_INVALID_TOKEN', 401);
        }
        const page = await this.metrics.render();
        res.status(200).set({ 'Content-Type': this.metrics.contentType, 'Cache-Control': 'no-store' }).send(page);
      },
      { before: [enabled] },
    );
  }
}

/** Compared as digests, so neither the time taken nor a length mismatch tells a guesser anything. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
