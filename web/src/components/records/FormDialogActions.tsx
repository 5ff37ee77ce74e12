import { Button, CircularProgress, DialogActions } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The cancel and submit buttons of a record's form dialog; both wait while the form is submitting. */
export function FormDialogActions(props: {
  submitting: boolean;
  onCancel: () => void;
  /** Defaults to "Cancel". */
  cancelLabel?: string;
  /** Without it (a read-only form) there is no submit button. */
  submitLabel?: string;
  /** Keeps the submit button off while the form cannot be saved yet. */
  submitDisabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <DialogActions>
      <Button onClick={props.onCancel} disabled={props.submitting}>
        {props.cancelLabel ?? t('common.cancel')}
      </Button>
      {props.submitLabel === undefined ? null : (
        <Button
          type="submit"
          variant="contained"
          disabled={props.submitting || props.submitDisabled}
          startIcon={props.submitting ? <CircularProgress size={16} /> : null}
        >
          {props.submitLabel}
        </Button>
      )}
    </DialogActions>
  );
}
