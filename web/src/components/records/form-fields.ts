import type { FormikProps } from 'formik';

/** A field's error once the user has left it or tried to submit. */
export function shownError<Values>(form: FormikProps<Values>, name: keyof Values & string): string | undefined {
  const error = (form.errors as Record<string, unknown>)[name];
  const touched = (form.touched as Record<string, unknown>)[name];
  return (touched || form.submitCount > 0) && typeof error === 'string' ? error : undefined;
}

/** The props binding a MUI TextField to a formik field: value, change and blur, its error under it. */
export function formikTextField<Values>(form: FormikProps<Values>, name: keyof Values & string, idPrefix: string) {
  const error = shownError(form, name);
  return {
    id: `${idPrefix}-${name}`,
    name,
    value: form.values[name],
    onChange: form.handleChange,
    onBlur: form.handleBlur,
    error: Boolean(error),
    helperText: error,
    fullWidth: true,
    size: 'small' as const,
  };
}
