import { IconButton, InputAdornment, Tooltip } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';

/**
 * The show/hide button at the end of a secret input (an API key, a token): the input is a password input until
 * shown. Its accessible name says which field it reveals.
 */
export function SecretToggle(props: { shown: boolean; onToggle: () => void; fieldLabel: string }) {
  const { t } = useTranslation();
  const label = t(props.shown ? 'common.hideSecret' : 'common.showSecret');
  return (
    <InputAdornment position="end">
      <Tooltip title={label}>
        <IconButton size="small" aria-label={`${label}: ${props.fieldLabel}`} onClick={props.onToggle}>
          {props.shown ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
    </InputAdornment>
  );
}
