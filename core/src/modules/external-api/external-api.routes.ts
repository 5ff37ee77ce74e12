import * as yup from 'yup';
import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { AppError } from '../../platform/http/app-error.js';
import { RateLimits } from '../../platform/http/rate-limits.js';
import { validate } from '../../platform/http/validation.js';
import { ExternalApiService } from './external-api.service.js';
import { externalApiDocument } from './openapi.js';

const booleanish = yup.boolean().transform((value, original) => (original === 'true' ? true : original === 'false' ? false : value));

const sendSchema = yup.object({
  number: yup
    .string()
    .required('number is required')
    .matches(/^\d{8,20}$/, 'number must be digits only: country code, area code and number, no mask'),
  body: yup.string().max(65536).default(''),
  userId: yup.number().integer().positive().optional(),
  queueId: yup.number().integer().positive().optional(),
  sendSignature: booleanish.default(false),
});

@injectable()
export class ExternalApiRoutes implements RouteContribution {
  readonly area = 'external-api';

  constructor(
    @inject(ExternalApiService) private readonly external: ExternalApiService,
    @inject(RateLimits) private readonly limits: RateLimits,
  ) {}

  register(api: ApiRouter): void {
    const perToken = this.limits.create({
      name: 'external-api',
      windowMs: 60_000,
      limit: 120,
      key: (req) => `${req.headers.authorization ?? req.ip}`,
    });
    // Authenticated by the connection token, not a user session: 'public' to the router, checked in the service.
    api.post(
      '/api/messages/send',
      'public',
      async ({ req, body, files }) => {
        const input = await validate(sendSchema, body);
        if (!input.body.trim() && files.length === 0) {
          throw new AppError('ERR_VALIDATION', 400, {
            message: 'body or medias is required',
            fields: { body: 'body or medias is required' },
          });
        }
        const [scheme, token] = (req.headers.authorization ?? '').split(' ');
        const sent = await this.external.send({
          ...input,
          token: scheme?.toLowerCase() === 'bearer' ? token : undefined,
          medias: files.map((file) => ({ data: file.buffer, fileName: file.originalname, mimeType: file.mimetype })),
        });
        return { message: 'Mensagem enviada com sucesso', ...sent };
      },
      { before: [perToken], upload: { fields: ['medias'], maxFiles: 10, maxFileBytes: 64 * 1024 * 1024 } },
    );

    api.get('/api-docs', 'public', () => externalApiDocument);
  }
}
