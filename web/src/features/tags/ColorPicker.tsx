import type { ChangeEvent } from 'react';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslation } from 'react-i18next';

/** Swatches offered first; any other colour comes from the browser's own picker. */
const SWATCHES = [
  '#e53935',
  '#d81b60',
  '#8e24aa',
  '#5e35b1',
  '#3949ab',
  '#1e88e5',
  '#039be5',
  '#00acc1',
  '#00897b',
  '#43a047',
  '#7cb342',
  '#c0ca33',
  '#fdd835',
  '#ffb300',
  '#fb8c00',
  '#f4511e',
  '#6d4c41',
  '#757575',
  '#546e7a',
  '#000000',
];

/** A colour as #rrggbb: preset swatches plus the native colour input. */
export function ColorPicker(props: { value: string; onChange: (color: string) => void; label: string }) {
  const { t } = useTranslation();
  const current = props.value.toLowerCase();
  return (
    <Box role="group" aria-label={props.label}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {props.label}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}>
        {SWATCHES.map((swatch) => (
          <Tooltip key={swatch} title={swatch}>
            <IconButton
              size="small"
              aria-label={t('tags.form.swatch', { color: swatch })}
              aria-pressed={current === swatch}
              onClick={() => props.onChange(swatch)}
              sx={{
                bgcolor: swatch,
                width: 28,
                height: 28,
                color: '#fff',
                border: 2,
                borderColor: current === swatch ? 'text.primary' : 'transparent',
                '&:hover': { bgcolor: swatch, opacity: 0.85 },
              }}
            >
              {current === swatch ? <CheckIcon sx={{ fontSize: 16 }} /> : null}
            </IconButton>
          </Tooltip>
        ))}
        <Box
          component="input"
          type="color"
          value={/^#[0-9a-f]{6}$/i.test(props.value) ? props.value : '#000000'}
          onChange={(event: ChangeEvent<HTMLInputElement>) => props.onChange(event.target.value)}
          aria-label={t('tags.form.customColor')}
          sx={{ width: 36, height: 30, p: 0, border: 0, background: 'none', cursor: 'pointer' }}
        />
      </Box>
    </Box>
  );
}
