import type { ErrorRequestHandler, RequestHandler } from 'express';
import multer from 'multer';
import * as yup from 'yup';
import { ChannelError } from '@switchboard/sdk';
import type { Logger } from 'pino';
import { AppError } from './app-error.js';
import { awayDependency, RETRY_AFTER_SECONDS, serviceUnavailable, type DatabaseOutageLog } from './service-unavailable.js';
import { validationError } from './validation.js';

/**
 * Turns every failure into `{ error, message?, fields? }`; never a stack trace to the client. A request refused because
 * PostgreSQL or Redis is away answers 503 ERR_SERVICE_UNAVAILABLE with Retry-After, logged once per outage (by the
 * database's outage log, or Redis's own), not per request.
 */
export function errorHandler(logger: Logger, databaseOutage?: DatabaseOutageLog): ErrorRequestHandler {
  return (error, req, res, _next) => {
    let known = toAppError(error);
    const away = known ? undefined : awayDependency(error);
    if (away) {
      if (away === 'PostgreSQL') databaseOutage?.noticed(error);
      known = serviceUnavailable();
    }
    if (!known) logger.error({ err: error, method: req.method, url: req.originalUrl }, 'request failed');
    const answer = known ?? new AppError('ERR_INTERNAL', 500, { message: 'An internal error occurred' });
    if (res.headersSent) return;
    if (answer.status === 503) res.set('Retry-After', String(RETRY_AFTER_SECONDS));
    res.status(answer.status).json({
      error: answer.code,
      ...(answer.message !== answer.code ? { message: answer.message } : {}),
      ...(answer.fields ? { fields: answer.fields } : {}),
      ...(answer.extra ?? {}),
    });
  };
}

function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof ChannelError) return new AppError(error.code, error.status, { message: error.message });
  if (error instanceof yup.ValidationError) return validationError(error);
  if (error instanceof multer.MulterError) {
    const status = error.code === 'LIMIT_FILE_SIZE' ? 413 : 400;
    return new AppError('ERR_UPLOAD', status, {
      message: error.message,
      fields: error.field ? { [error.field]: error.message } : undefined,
    });
  }
  const candidate = error as { type?: string; status?: number; message?: string };
  if (candidate?.type === 'entity.parse.failed')
    return new AppError('ERR_INVALID_JSON', 400, { message: 'The request body is not valid JSON' });
  if (candidate?.type === 'entity.too.large') return new AppError('ERR_PAYLOAD_TOO_LARGE', 413);
  return undefined;
}

export const notFoundHandler: RequestHandler = (_req, _res, next) => next(new AppError('ERR_ROUTE_NOT_FOUND', 404));
