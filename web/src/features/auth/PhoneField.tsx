import { InputAdornment, TextField, type TextFieldProps } from '@mui/material';

/** The Brazilian country code the public pages add before sending a number (spec 1 §5). */
export const COUNTRY_CODE = '55';

/** A national number (area code and number, digits only, at most 11) shown after a fixed +55. */
export function PhoneField({ onChange, ...props }: TextFieldProps) {
  return (
    <TextField
      {...props}
      type="tel"
      autoComplete="tel-national"
      onChange={(event) => {
        event.target.value = event.target.value.replace(/\D/g, '').slice(0, 11);
        onChange?.(event);
      }}
      slotProps={{
        input: { startAdornment: <InputAdornment position="start">+{COUNTRY_CODE}</InputAdornment> },
        htmlInput: { inputMode: 'numeric' },
      }}
    />
  );
}
