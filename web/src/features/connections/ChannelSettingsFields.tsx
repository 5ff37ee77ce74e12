import { FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import type { ConnectionFormValues } from './connection-form';
import type { ChannelSettingField } from './connections.api';

/**
 * The channel's own settings, rendered from its plugin's description (DESIGN §3): labels and help are i18n keys
 * (`channels.*`), secrets are password inputs that show the server's mask until replaced.
 */
export function ChannelSettingsFields(props: { fields: ChannelSettingField[] }) {
  const { t } = useTranslation();
  const form = useFormikContext<ConnectionFormValues>();
  if (props.fields.length === 0) return null;
  const set = (key: string, value: unknown) => void form.setFieldValue(`settings.${key}`, value);
  return (
    <Stack spacing={2}>
      {props.fields.map((field) => {
        const label = t(field.label) + (field.required ? ' *' : '');
        const help = field.help ? t(field.help) : undefined;
        const value = form.values.settings[field.key];
        if (field.type === 'boolean')
          return (
            <FormControlLabel
              key={field.key}
              control={<Switch checked={value === true} onChange={(event) => set(field.key, event.target.checked)} />}
              label={label}
            />
          );
        return (
          <TextField
            key={field.key}
            id={`settings-${field.key}`}
            label={label}
            helperText={help}
            value={value ?? ''}
            onChange={(event) => set(field.key, event.target.value)}
            select={field.type === 'select'}
            multiline={field.type === 'text'}
            minRows={field.type === 'text' ? 2 : undefined}
            type={field.secret ? 'password' : field.type === 'number' ? 'number' : field.type === 'url' ? 'url' : 'text'}
            autoComplete={field.secret ? 'new-password' : 'off'}
            size="small"
            fullWidth
          >
            {(field.options ?? []).map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {t(option.label)}
              </MenuItem>
            ))}
          </TextField>
        );
      })}
    </Stack>
  );
}
