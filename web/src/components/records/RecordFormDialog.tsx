import type { ReactNode } from 'react';
import { CircularProgress, Dialog, DialogContent, DialogTitle, type DialogProps } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNarrowScreen } from './RecordsList';

/**
 * The frame of a record's add/edit dialog: full screen on a narrow window, its title naming it for screen readers,
 * and a spinner in place of the form while the record being edited is read.
 */
export function RecordFormDialog(props: {
  open: boolean;
  onClose: () => void;
  /** The title element's id (the dialog's accessible name). */
  titleId: string;
  title: ReactNode;
  loading?: boolean;
  maxWidth?: DialogProps['maxWidth'];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const narrow = useNarrowScreen();
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      fullWidth
      maxWidth={props.maxWidth ?? 'sm'}
      fullScreen={narrow}
      aria-labelledby={props.titleId}
    >
      <DialogTitle id={props.titleId}>{props.title}</DialogTitle>
      {props.loading ? (
        <DialogContent dividers sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </DialogContent>
      ) : (
        props.children
      )}
    </Dialog>
  );
}
