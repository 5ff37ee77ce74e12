import { unlink } from 'node:fs/promises';
import path from 'node:path';
import type { RequestHandler } from 'express';
import multer from 'multer';
import * as yup from 'yup';
import { inject, injectable, type ConnectionInfo } from '@switchboard/sdk';
import { bearerToken } from '../../platform/auth/authenticator.js';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { AppError } from '../../platform/http/app-error.js';
import { RateLimits } from '../../platform/http/rate-limits.js';
import { validate } from '../../platform/http/validation.js';
import { Config } from '../../platform/tokens.js';
import { ExternalApiService } from './external-api.service.js';
import { sendDocsAsset, sendDocsPage, wantsPage } from './api-docs-page.js';
import { externalApiDocument } from './openapi.js';

/** Limits of one send (also in the OpenAPI document). */
export const EXTERNAL_API_LIMITS = {
  maxFiles: 10,
  maxFileBytes: 64 * 1024 * 1024,
  /** Requests a minute per connection. */
  perConnection: 120,
  /** Requests a minute per client address, whatever the token (wrong ones included). */
  perAddress: 240,
} as const;

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

function connectionOf(res: { locals: Record<string, unknown> }): ConnectionInfo {
  return res.locals.externalConnection as ConnectionInfo;
}

@injectable()
export class ExternalApiRoutes implements RouteContribution {
  readonly area = 'external-api';

  constructor(
    @inject(ExternalApiService) private readonly external: ExternalApiService,
    @inject(RateLimits) private readonly limits: RateLimits,
    @inject(Config) private readonly config: Config,
  ) {}

  register(api: ApiRouter): void {
    const perAddress = this.limits.create({
      name: 'external-api-address',
      windowMs: 60_000,
      limit: EXTERNAL_API_LIMITS.perAddress,
      key: (req) => `address:${req.ip ?? ''}`,
    });
    const perConnection = this.limits.create({
      name: 'external-api',
      windowMs: 60_000,
      limit: EXTERNAL_API_LIMITS.perConnection,
      key: (_req, res) => `connection:${connectionOf(res).id}`,
    });
    // The token is checked before a byte of the body is read: an unknown caller cannot make the server store a file.
    const authenticate: RequestHandler = async (req, res, next) => {
      try {
        res.locals.externalConnection = await this.external.authenticate(bearerToken(req));
      } catch (error) {
        // Refused: close the connection after the answer instead of reading the rest of the body.
        res.set('Connection', 'close');
        throw error;
      }
      next();
    };
    // Authenticated but on our disk, not in memory, with per-file and count limits; removed once answered.
    const upload = multer({
      storage: multer.diskStorage({ destination: path.join(this.config.storage.dataDir, 'tmp', 'api-uploads') }),
      limits: { files: EXTERNAL_API_LIMITS.maxFiles, fileSize: EXTERNAL_API_LIMITS.maxFileBytes, fields: 10, fieldSize: 256 * 1024 },
    }).array('medias', EXTERNAL_API_LIMITS.maxFiles);
    const uploads: RequestHandler = (req, res, next) => {
      res.on('close', () => {
        for (const file of (req.files as Express.Multer.File[] | undefined) ?? []) void unlink(file.path).catch(() => undefined);
      });
      upload(req, res, (error: unknown) => next(error instanceof multer.MulterError ? uploadError(error) : error));
    };

    // Authenticated by the connection token, not a user session: 'public' to the router, checked above.
    api.post(
      '/api/messages/send',
      'public',
      async ({ res, body, files }) => {
        const input = await validate(sendSchema, body);
        if (!input.body.trim() && files.length === 0) {
          throw new AppError('ERR_VALIDATION', 400, {
            message: 'body or medias is required',
            fields: { body: 'body or medias is required' },
          });
        }
        const sent = await this.external.send(connectionOf(res), {
          ...input,
          medias: files.map((file) => ({ path: file.path, fileName: file.originalname, mimeType: file.mimetype })),
        });
        return { message: 'Mensagem enviada com sucesso', ...sent };
      },
      { before: [perAddress, authenticate, perConnection, uploads] },
    );

    // A browser's navigation gets the document rendered; any other caller (Swagger UI included) the JSON.
    api.get('/api-docs', 'public', ({ req, res }) => {
      if (!wantsPage((types) => req.accepts(types))) return externalApiDocument;
      sendDocsPage(res);
      return undefined;
    });
    api.get('/api-docs/assets/:name', 'public', async ({ params, res }) => {
      if (!(await sendDocsAsset(res, String(params.name)))) throw AppError.notFound('ERR_ROUTE_NOT_FOUND');
      return undefined;
    });
  }
}

function uploadError(error: multer.MulterError): AppError {
  if (error.code === 'LIMIT_FILE_SIZE')
    return new AppError('ERR_FILE_TOO_LARGE', 413, {
      message: `Each file must be at most ${EXTERNAL_API_LIMITS.maxFileBytes / 1024 / 1024} MB`,
      fields: { medias: 'File too large' },
    });
  if (error.code === 'LIMIT_FILE_COUNT')
    return new AppError('ERR_TOO_MANY_FILES', 413, {
      message: `At most ${EXTERNAL_API_LIMITS.maxFiles} files per message`,
      fields: { medias: 'Too many files' },
    });
  return new AppError('ERR_UPLOAD', 400, { message: `${error.message} (send files in the field medias)` });
}
