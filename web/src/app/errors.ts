import { toast } from 'react-toastify';
import { i18n } from './i18n';

/**
 * The shared error toast (spec 1 §8): the translation of the server's error code when there is one, else the
 * server's text, else 'An error occurred!'.
 */
export function errorText(error: unknown): string {
  const data = (error as { data?: { error?: string; message?: string } } | undefined)?.data;
  const code = data?.error;
  if (code && i18n.exists(`backendErrors.${code}`)) return i18n.t(`backendErrors.${code}`);
  if (data?.message) return data.message;
  if (code) return code;
  return i18n.t('backendErrors.unknown');
}

export function toastError(error: unknown): void {
  toast.error(errorText(error), { toastId: errorText(error) });
}
