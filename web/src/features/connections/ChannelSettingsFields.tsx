import { useState } from 'react';
import { FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { SecretToggle } from '../../components/records/SecretToggle';
import type { SettingValue } from './connection-form';
import type { ChannelSettingField } from './connections.api';

/**
 * A plugin's own settings (a channel's, an integration's), rendered from its description (DESIGN §3) into the form's
 * `settings`: labels and help are i18n keys, secrets are password inputs with a show/hide toggle that show the
 * server's mask until replaced; the form's errors under `settings` show once a field is touched or the form submitted.
 */
export function ChannelSettingsFields(props: { fields: ChannelSettingField[] }) {
  const { t } = useTranslation();
  const form = useFormikContext<{ settings: Record<string, SettingValue> }>();
  const [revealed, setRevealed] = useState<Record<string, boolean>>({});
  if (props.fields.length === 0) return null;
  const set = (key: string, value: unknown) => void form.setFieldValue(`settings.${key}`, value);
  return (
    <Stack spacing={2}>
      {props.fields.map((field) => {
        const label = t(field.label) + (field.required ? ' *' : '');
        const touched = (form.touched.settings as Record<string, boolean> | undefined)?.[field.key] || form.submitCount > 0;
        const error = touched ? (form.errors.settings as Record<string, string> | undefined)?.[field.key] : undefined;
        const help = error ?? (field.help ? t(field.help) : undefined);
        const value = form.values.settings[field.key];
        const hidden = field.secret && !revealed[field.key];
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
            error={Boolean(error)}
            value={value ?? ''}
            onChange={(event) => set(field.key, event.target.value)}
            onBlur={() => void form.setFieldTouched(`settings.${field.key}`, true)}
            select={field.type === 'select'}
            multiline={field.type === 'text'}
            minRows={field.type === 'text' ? 2 : undefined}
            type={hidden ? 'password' : field.type === 'number' ? 'number' : field.type === 'url' ? 'url' : 'text'}
            autoComplete={field.secret ? 'new-password' : 'off'}
            size="small"
            fullWidth
            slotProps={
              field.secret
                ? {
                    input: {
                      endAdornment: (
                        <SecretToggle
                          shown={!hidden}
                          fieldLabel={t(field.label)}
                          onToggle={() => setRevealed((shown) => ({ ...shown, [field.key]: !shown[field.key] }))}
                        />
                      ),
                    },
                  }
                : undefined
            }
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
