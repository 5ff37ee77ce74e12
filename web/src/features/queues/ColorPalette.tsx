import { Box, ButtonBase, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { QUEUE_PALETTE } from './queue-form';

/**
 * The queue colour (spec 2 §9): one of the 49 palette colours, or any value typed in the custom field
 * (3 to 9 characters, checked by the dialog's schema). The chosen swatch is outlined.
 */
export function ColorPalette(props: { value: string; onChange: (color: string) => void; error?: string; onBlur?: () => void }) {
  const { t } = useTranslation();
  const chosen = props.value.trim().toLowerCase();
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" id="queue-color-label" sx={{ mb: 1 }}>
        {t('queues.form.color')}
      </Typography>
      <Box
        role="radiogroup"
        aria-labelledby="queue-color-label"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 28px)', gap: 0.75, mb: 1.5 }}
      >
        {QUEUE_PALETTE.map((color) => (
          <ButtonBase
            key={color}
            role="radio"
            aria-checked={chosen === color}
            aria-label={t('queues.form.paletteColor', { color })}
            title={color}
            onClick={() => props.onChange(color)}
            sx={{
              width: 28,
              height: 28,
              borderRadius: '50%',
              bgcolor: color,
              outline: chosen === color ? '3px solid' : 'none',
              outlineColor: 'text.primary',
              outlineOffset: 2,
            }}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box
          aria-hidden
          sx={{
            width: 32,
            height: 32,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            bgcolor: props.value || 'transparent',
            flexShrink: 0,
          }}
        />
        <TextField
          size="small"
          name="color"
          label={t('queues.form.customColor')}
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          onBlur={props.onBlur}
          error={Boolean(props.error)}
          helperText={props.error}
          fullWidth
        />
      </Box>
    </Box>
  );
}
