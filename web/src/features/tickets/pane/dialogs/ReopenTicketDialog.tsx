import { useEffect, useState } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { QueueSelectField } from '../../dialogs/QueueSelectField';
import type { QueueOption } from '../pane.api';

/** Spec 1 §4: reopening a ticket without a queue asks for one; the button waits for the choice. */
export function ReopenTicketDialog(props: {
  open: boolean;
  onClose: () => void;
  queues: QueueOption[];
  saving: boolean;
  onReopen: (queueId: number) => void;
}) {
  const { open, onClose, queues, saving, onReopen } = props;
  const { t } = useTranslation();
  const [queueId, setQueueId] = useState<number | ''>('');

  useEffect(() => {
    if (open) setQueueId(queues.length === 1 ? queues[0]!.id : '');
  }, [open, queues]);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="reopen-title">
      <DialogTitle id="reopen-title">{t('ticketPane.reopen.title')}</DialogTitle>
      <DialogContent dividers>
        <QueueSelectField
          labelId="reopen-queue-label"
          label={t('ticketPane.reopen.queue')}
          queues={queues}
          value={queueId}
          onChange={setQueueId}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={queueId === '' || saving} onClick={() => queueId !== '' && onReopen(queueId)}>
          {saving ? <CircularProgress size={18} /> : t('ticketPane.reopen.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
