import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, IconButton, Popover, Slider, Tooltip } from '@mui/material';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { setVolume, useVolume } from './volume';

/** Notification volume, 0 to 1 in steps of 0.1 (spec 1 §2), kept locally. */
export function VolumeControl() {
  const { t } = useTranslation();
  const volume = useVolume();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={t('shell.topBar.volume')}>
        <IconButton color="inherit" aria-label={t('shell.topBar.volume')} onClick={(event) => setAnchor(event.currentTarget)}>
          {volume === 0 ? <VolumeOffIcon /> : <VolumeUpIcon />}
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        transformOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Box sx={{ width: 200, px: 3, pt: 1.5, pb: 0.5 }}>
          <Slider
            value={volume}
            min={0}
            max={1}
            step={0.1}
            marks
            valueLabelDisplay="auto"
            aria-label={t('shell.topBar.volume')}
            onChange={(_event, value) => setVolume(value as number)}
          />
        </Box>
      </Popover>
    </>
  );
}
