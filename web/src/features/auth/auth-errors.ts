import { errorText } from '../../app/errors';
import { i18n } from '../../app/i18n';

interface ServerError {
  error?: string;
  message?: string;
  fields?: Record<string, string>;
}

// Codes the public pages meet that the shared catalogue (backendErrors) does not translate.
const AUTH_ERROR_KEYS: Record<string, string> = {
  ERR_TOO_MANY_REQUESTS: 'auth.errors.tooManyRequests',
  ERR_EMAIL_ALREADY_EXISTS: 'auth.errors.emailTaken',
  ERR_COMPANY_ALREADY_EXISTS: 'auth.errors.companyTaken',
};

export function serverError(error: unknown): ServerError {
  return (error as { data?: ServerError } | undefined)?.data ?? {};
}

/**
 * The toast text for a failed call of a public page: the page's own text for the codes it names, a translated
 * code when there is one (a rate limit, user creation disabled), else the page's fallback (spec 1 §8).
 */
export function authErrorText(error: unknown, fallback: string, pageCodes: Record<string, string> = {}): string {
  const code = serverError(error).error;
  if (!code) return fallback;
  if (pageCodes[code]) return i18n.t(pageCodes[code]);
  if (AUTH_ERROR_KEYS[code]) return i18n.t(AUTH_ERROR_KEYS[code]);
  if (i18n.exists(`backendErrors.${code}`)) return errorText(error);
  return fallback;
}
