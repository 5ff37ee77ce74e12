import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Asks before something destructive; onConfirm runs only on the explicit yes. */
export function ConfirmationModal(props: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby="confirmation-title">
      <DialogTitle id="confirmation-title">{props.title}</DialogTitle>
      {props.children ? (
        <DialogContent dividers>
          <Typography component="div">{props.children}</Typography>
        </DialogContent>
      ) : null}
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.no')}</Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => {
            props.onClose();
            props.onConfirm();
          }}
        >
          {props.confirmLabel ?? t('common.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
