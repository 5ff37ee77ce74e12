import type { ReactNode } from 'react';
import { FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import { useFormikContext } from 'formik';
import { fieldProps } from '../auth/form-field';
import type { ConnectionFormValues } from './connection-form';

type Field = keyof ConnectionFormValues & string;

/** A text or number input bound to one field of the connection form. */
export function FormTextField(props: { name: Field; label: string; multiline?: boolean; type?: 'number'; helperText?: string }) {
  const form = useFormikContext<ConnectionFormValues>();
  const bound = fieldProps(form, props.name);
  return (
    <TextField
      {...bound}
      onChange={(event) => {
        // Number inputs keep '' while empty instead of formik's NaN-prone string.
        if (props.type === 'number') {
          const raw = event.target.value;
          void form.setFieldValue(props.name, raw === '' ? '' : Math.max(0, Math.trunc(Number(raw))));
        } else bound.onChange(event);
      }}
      label={props.label}
      type={props.type}
      multiline={props.multiline}
      minRows={props.multiline ? 2 : undefined}
      helperText={bound.helperText ?? props.helperText}
      slotProps={props.type === 'number' ? { htmlInput: { min: 0, step: 1 } } : undefined}
      size="small"
      fullWidth
    />
  );
}

/** A switch bound to a boolean field of the connection form. */
export function FormSwitch(props: { name: Field; label: string }) {
  const form = useFormikContext<ConnectionFormValues>();
  return (
    <FormControlLabel
      control={<Switch name={props.name} checked={Boolean(form.values[props.name])} onChange={form.handleChange} />}
      label={props.label}
    />
  );
}

/** A select bound to one field of the connection form; '' stands for "none". */
export function FormSelect(props: {
  name: Field;
  label: string;
  options: { value: string | number; label: ReactNode }[];
  disabled?: boolean;
  helperText?: string;
}) {
  const form = useFormikContext<ConnectionFormValues>();
  return (
    <TextField
      select
      id={props.name}
      label={props.label}
      value={form.values[props.name] as string | number}
      onChange={(event) => void form.setFieldValue(props.name, coerce(event.target.value, props.options))}
      disabled={props.disabled}
      helperText={props.helperText}
      size="small"
      fullWidth
    >
      {props.options.map((option) => (
        <MenuItem key={String(option.value)} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** MUI answers the chosen value as a string: give back the option's own value (numbers stay numbers). */
function coerce(value: unknown, options: { value: string | number }[]): string | number {
  return options.find((option) => String(option.value) === String(value))?.value ?? '';
}
