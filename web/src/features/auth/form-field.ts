import type { FormikProps } from 'formik';

/** The props binding one formik field to an MUI TextField: value, handlers and the error once touched. */
export function fieldProps<Values>(formik: FormikProps<Values>, name: keyof Values & string) {
  const touched = Boolean(formik.touched[name]);
  const error = formik.errors[name];
  return {
    id: name,
    name,
    value: formik.values[name] as unknown as string,
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    error: touched && Boolean(error),
    helperText: touched && typeof error === 'string' ? error : undefined,
  };
}
