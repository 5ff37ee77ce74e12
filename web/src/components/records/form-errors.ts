import type { FormikHelpers } from 'formik';
import { toastError } from '../../app/errors';
import { validationText } from '../../app/i18n';

/**
 * A rejected save: the server's per-field messages (`{ fields }`) go next to their inputs when the form has
 * those fields, and the error is always toasted as well (spec 1 §8).
 */
export function reportSaveError<Values>(error: unknown, helpers: Pick<FormikHelpers<Values>, 'setErrors'>, values: Values): void {
  const fields = (error as { data?: { fields?: Record<string, string> } } | undefined)?.data?.fields;
  if (fields) {
    const known = Object.fromEntries(
      Object.entries(fields)
        .filter(([field]) => field in (values as object))
        .map(([field, message]) => [field, validationText(message)]),
    );
    if (Object.keys(known).length > 0) helpers.setErrors(known as never);
  }
  toastError(error);
}
