import { useEffect, useState } from 'react';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
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
        <FormControl fullWidth>
          <InputLabel id="reopen-queue-label">{t('ticketPane.reopen.queue')}</InputLabel>
          <Select<number | ''>
            labelId="reopen-queue-label"
            label={t('ticketPane.reopen.queue')}
            value={queueId}
            onChange={(event) => setQueueId(event.target.value === '' ? '' : Number(event.target.value))}
          >
            {queues.map((queue) => (
              <MenuItem key={queue.id} value={queue.id}>
                {queue.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
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
