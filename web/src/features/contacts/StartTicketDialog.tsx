import { useState } from 'react';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toastError } from '../../app/errors';
import { useAppSelector } from '../../app/hooks';
import { useCreateTicketMutation } from '../tickets/tickets.api';
import type { Contact } from './contacts.api';

/** The holder named by a 409 ERR_OTHER_OPEN_TICKET answer (core tickets.service otherOpenTicket). */
interface TicketHolder {
  id: number;
  uuid: string;
  user: { id: number; name: string } | null;
  queue: { id: number; name: string } | null;
}

function openTicketHolder(error: unknown): TicketHolder | null {
  const data = (error as { data?: { error?: string; ticket?: TicketHolder; message?: string } } | undefined)?.data;
  if (data?.error !== 'ERR_OTHER_OPEN_TICKET' && data?.error !== 'ERROR_TICKET_OPEN') return null;
  if (data.ticket) return data.ticket;
  try {
    return JSON.parse(data.message ?? '') as TicketHolder;
  } catch {
    return null;
  }
}

/**
 * Starts a conversation with a contact (POST /tickets, then /tickets/{uuid}). A queue is required unless the user
 * is an admin (spec 1 §5, new ticket). When the contact already has an open ticket, the user's own one opens; one
 * held by someone else is named with its queue (spec 1 §8).
 */
export function StartTicketDialog(props: { contact: Contact | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAppSelector((state) => state.auth.user);
  const queues = user?.queues ?? [];
  const admin = user?.profile === 'admin';
  const [queueId, setQueueId] = useState<number | ''>(queues.length === 1 ? queues[0].id : '');
  const [touched, setTouched] = useState(false);
  const [holder, setHolder] = useState<TicketHolder | null>(null);
  const [createTicket, { isLoading }] = useCreateTicketMutation();
  const missingQueue = !admin && queueId === '';

  const close = () => {
    setHolder(null);
    setTouched(false);
    props.onClose();
  };

  const start = async () => {
    setTouched(true);
    if (!props.contact || missingQueue) return;
    try {
      const ticket = await createTicket({
        contactId: props.contact.id,
        queueId: queueId === '' ? null : queueId,
        status: 'open',
        userId: user?.id,
      }).unwrap();
      close();
      navigate(`/tickets/${ticket.uuid}`);
    } catch (error) {
      const held = openTicketHolder(error);
      if (!held) {
        toastError(error);
        return;
      }
      if (held.user?.id === user?.id) {
        close();
        navigate(`/tickets/${held.uuid}`);
      } else setHolder(held);
    }
  };

  if (holder) {
    return (
      <Dialog open onClose={close} aria-labelledby="ticket-held-title">
        <DialogTitle id="ticket-held-title">{t('contacts.startTicket.heldTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t('contacts.startTicket.heldMessage', {
              user: holder.user?.name ?? t('contacts.startTicket.heldNoUser'),
              queue: holder.queue?.name ?? t('contacts.startTicket.noQueue'),
            })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common.close')}</Button>
          {admin || !holder.user ? (
            <Button
              variant="contained"
              onClick={() => {
                close();
                navigate(`/tickets/${holder.uuid}`);
              }}
            >
              {t('contacts.startTicket.open')}
            </Button>
          ) : null}
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog open={Boolean(props.contact)} onClose={close} fullWidth maxWidth="xs" aria-labelledby="start-ticket-title">
      <DialogTitle id="start-ticket-title">{t('contacts.startTicket.title', { name: props.contact?.name ?? '' })}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <TextField
          select
          fullWidth
          size="small"
          label={t('contacts.startTicket.queue')}
          value={queueId}
          onChange={(event) => setQueueId(event.target.value === '' ? '' : Number(event.target.value))}
          error={touched && missingQueue}
          helperText={touched && missingQueue ? t('contacts.startTicket.queueRequired') : undefined}
        >
          {admin ? <MenuItem value="">{t('contacts.startTicket.noQueue')}</MenuItem> : null}
          {queues.map((queue) => (
            <MenuItem key={queue.id} value={queue.id}>
              {queue.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => void start()}
          disabled={isLoading}
          startIcon={isLoading ? <CircularProgress size={16} /> : null}
        >
          {t('contacts.startTicket.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
