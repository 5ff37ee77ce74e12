import { useState } from 'react';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Checkbox,
  Typography,
} from '@mui/material';
import { toast } from 'react-toastify';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../app/errors';
import type { Contact } from '../contacts/contacts.api';
import { useForwardMessageMutation, type Message } from './messages.api';
import { ContactSearch } from './ContactSearch';

/** Spec 1 §5: a pause of 900 ms between forwarded messages. */
const FORWARD_PAUSE_MS = 900;

/** Sends the selected messages, oldest first, to one contact. */
export function ForwardDialog(props: { open: boolean; messages: Message[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [contact, setContact] = useState<Contact | null>(null);
  const [signMessage, setSignMessage] = useState(true);
  const [forward] = useForwardMessageMutation();
  const [sending, setSending] = useState(false);

  const send = async () => {
    if (!contact) return;
    setSending(true);
    try {
      const ordered = [...props.messages].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
      for (const [index, message] of ordered.entries()) {
        if (index > 0) await new Promise((resolve) => setTimeout(resolve, FORWARD_PAUSE_MS));
        await forward({ messageId: message.id, contactId: contact.id, signMessage }).unwrap();
      }
      toast.success(t('messages.forward.done', { count: ordered.length, name: contact.name }));
      setContact(null);
      props.onDone();
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={props.open} onClose={sending ? undefined : props.onClose} fullWidth maxWidth="xs" aria-labelledby="forward-title">
      <DialogTitle id="forward-title">{t('messages.forward.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('messages.forward.count', { count: props.messages.length })}
        </Typography>
        <ContactSearch value={contact} onChange={setContact} label={t('messages.forward.contact')} />
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Checkbox checked={signMessage} onChange={(event) => setSignMessage(event.target.checked)} />}
          label={t('messages.forward.sign')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={sending}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={send}
          disabled={!contact || sending}
          startIcon={sending ? <CircularProgress size={16} /> : null}
        >
          {t('messages.forward.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
