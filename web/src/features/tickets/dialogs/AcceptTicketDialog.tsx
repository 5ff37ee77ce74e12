import { useState } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import type { Ticket } from '../tickets.api';
import { useTicketActions } from '../use-ticket-actions';
import { QueueSelectField } from './QueueSelectField';

/**
 * Accepting a ticket that has no queue (spec 1 §4): the user picks one of their queues; Start needs a queue. A user
 * who belongs to no queue at all has nothing to pick, so the ticket is started without one (said in the dialog).
 * On success the ticket is assigned to the user (PUT /tickets/{id}) and opened.
 */
export function AcceptTicketDialog(props: { open: boolean; onClose: () => void; ticket: Ticket; onAccepted?: (ticket: Ticket) => void }) {
  const { t } = useTranslation();
  const queues = useAppSelector((state) => state.auth.user?.queues ?? []);
  const [queueId, setQueueId] = useState<number | ''>('');
  const [saving, setSaving] = useState(false);
  const { accept } = useTicketActions();
  const noQueues = queues.length === 0;

  const close = () => {
    setQueueId('');
    props.onClose();
  };

  const start = async () => {
    setSaving(true);
    const accepted = await accept(props.ticket, queueId === '' ? null : queueId);
    setSaving(false);
    if (!accepted) return;
    close();
    props.onAccepted?.(accepted);
  };

  return (
    <Dialog open={props.open} onClose={close} maxWidth="xs" fullWidth aria-labelledby="accept-ticket-title">
      <DialogTitle id="accept-ticket-title">{t('tickets.accept.title')}</DialogTitle>
      <DialogContent dividers>
        {noQueues ? (
          <Typography variant="body2" color="text.secondary">
            {t('tickets.accept.noQueues')}
          </Typography>
        ) : (
          <QueueSelectField
            labelId="accept-ticket-queue"
            label={t('tickets.accept.queue')}
            size="small"
            queues={queues}
            value={queueId}
            onChange={setQueueId}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={saving}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void start()}
          disabled={saving || (!noQueues && queueId === '')}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('tickets.accept.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
