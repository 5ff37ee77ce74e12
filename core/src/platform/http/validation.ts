import * as yup from 'yup';
import { AppError } from './app-error.js';

/**
 * Validates a body or query against a yup schema and returns the cast value; failures answer
 * 400 ERR_VALIDATION with one message per field, the spec's texts where it gives them.
 */
export async function validate<S extends yup.AnyObjectSchema>(schema: S, input: unknown): Promise<yup.InferType<S>> {
  try {
    return await schema.validate(input ?? {}, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (error instanceof yup.ValidationError) throw validationError(error);
    throw error;
  }
}

export function validationError(error: yup.ValidationError): AppError {
  const fields: Record<string, string> = {};
  for (const inner of error.inner.length > 0 ? error.inner : [error]) {
    const key = inner.path ?? '_';
    if (!(key in fields)) fields[key] = inner.message;
  }
  const first = Object.values(fields)[0];
  return new AppError('ERR_VALIDATION', 400, { message: first, fields });
}

/** Route parameter that must be a positive integer id; anything else is simply not found. */
/** The largest PostgreSQL integer. */
const MAX_ID = 2_147_483_647;

export function idParam(value: unknown, notFoundCode = 'ERR_NOT_FOUND'): number {
  const id = Number(value);
  // Ids are PostgreSQL integers: a larger number names no record (and must not reach the database as an error).
  if (!Number.isSafeInteger(id) || id <= 0 || id > MAX_ID || String(value) !== String(id)) throw AppError.notFound(notFoundCode);
  return id;
}

/** `pageNumber` of list queries: 1 when missing, 400 when not a positive integer. */
export function pageNumber(value: unknown): number {
  if (value === undefined || value === '') return 1;
  const page = Number(value);
  if (!Number.isSafeInteger(page) || page < 1) {
    throw new AppError('ERR_VALIDATION', 400, {
      message: 'pageNumber must be a positive integer',
      fields: { pageNumber: 'pageNumber must be a positive integer' },
    });
  }
  return page;
}
