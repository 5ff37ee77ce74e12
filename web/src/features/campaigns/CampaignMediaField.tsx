import { useRef } from 'react';
import { Box, Button, Chip } from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { useTranslation } from 'react-i18next';

/** The file to attach on save, 'remove' to drop the campaign's own, or null to keep it as it is. */
export type MediaChange = File | 'remove' | null;

/** The campaign's attachment (spec 3 §3 mediaName): choose, replace or remove a file, uploaded when the form saves. */
export function CampaignMediaField(props: {
  savedName: string | null;
  change: MediaChange;
  onChange: (change: MediaChange) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { change, savedName } = props;
  const shownName = change instanceof File ? change.name : change === 'remove' ? null : savedName;

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Button variant="outlined" startIcon={<AttachFileIcon />} onClick={() => input.current?.click()} disabled={props.disabled}>
        {shownName ? t('campaigns.form.replaceMedia') : t('campaigns.form.attachMedia')}
      </Button>
      {shownName ? (
        <Chip
          label={shownName}
          onDelete={props.disabled ? undefined : () => props.onChange(change instanceof File && !savedName ? null : 'remove')}
        />
      ) : null}
      <input
        ref={input}
        type="file"
        hidden
        aria-label={t('campaigns.form.attachMedia')}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) props.onChange(chosen);
          event.target.value = '';
        }}
      />
    </Box>
  );
}
