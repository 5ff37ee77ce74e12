import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { openTicketConflict, type OpenTicketHolder } from '../tickets.api';

/** Another user already attends the contact (spec 1 §4, §8): names the user and the queue holding the ticket. */
export function TicketAlreadyOpenDialog(props: { open: boolean; onClose: () => void; holder: OpenTicketHolder | null }) {
  const { t } = useTranslation();
  const user = props.holder?.user?.name ?? t('tickets.alreadyOpen.nobody');
  const queue = props.holder?.queue?.name ?? t('tickets.queue.none');
  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="xs" fullWidth aria-labelledby="ticket-already-open-title">
      <DialogTitle id="ticket-already-open-title">{t('tickets.alreadyOpen.title')}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText>{t('tickets.alreadyOpen.message', { user, queue })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={props.onClose} autoFocus>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Handles the 'contact already has an open ticket' conflict of POST /tickets or a reopen: when another user holds
 * the ticket the dialog names them, otherwise that ticket is opened. `handle(error)` answers whether the error was
 * that conflict; render `dialog` once.
 */
export function useOpenTicketConflict(): { handle: (error: unknown) => boolean; dialog: ReactNode } {
  const me = useAppSelector((state) => state.auth.user?.id);
  const navigate = useNavigate();
  const [holder, setHolder] = useState<OpenTicketHolder | null>(null);

  const handle = useCallback(
    (error: unknown) => {
      const found = openTicketConflict(error);
      if (!found) return false;
      if (found.user && found.user.id !== me) setHolder(found);
      else navigate(`/tickets/${found.uuid}`);
      return true;
    },
    [me, navigate],
  );

  const dialog = useMemo(
    () => <TicketAlreadyOpenDialog open={holder !== null} holder={holder} onClose={() => setHolder(null)} />,
    [holder],
  );
  return { handle, dialog };
}
