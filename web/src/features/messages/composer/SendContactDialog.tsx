import { useState } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Contact } from '../../contacts/contacts.api';
import { ContactSearch } from '../ContactSearch';

/** Picks a contact of the company to send as a contact card. */
export function SendContactDialog(props: { open: boolean; sending: boolean; onClose: () => void; onSend: (contact: Contact) => void }) {
  const { t } = useTranslation();
  const [contact, setContact] = useState<Contact | null>(null);
  return (
    <Dialog
      open={props.open}
      onClose={props.sending ? undefined : props.onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="send-contact-title"
      TransitionProps={{ onExited: () => setContact(null) }}
    >
      <DialogTitle id="send-contact-title">{t('messages.sendContact.title')}</DialogTitle>
      <DialogContent dividers>
        <ContactSearch value={contact} onChange={setContact} label={t('messages.sendContact.contact')} />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={props.sending}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!contact?.number || props.sending}
          onClick={() => contact && props.onSend(contact)}
          startIcon={props.sending ? <CircularProgress size={16} /> : null}
        >
          {t('messages.input.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
