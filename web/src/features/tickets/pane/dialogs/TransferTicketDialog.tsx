import { useEffect, useMemo, useState } from 'react';
import {
  Autocomplete,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../../app/errors';
import { useListUsersQuery, type UserSummary } from '../../../users/users.api';
import { useUpdateTicketMutation, type Ticket } from '../../tickets.api';
import { QueueSelectField } from '../../dialogs/QueueSelectField';
import { useQueueOptions } from '../use-queue-options';

/** Spec 1 §5 user search starts at 3 typed characters. */
const USER_SEARCH_MIN = 3;

/**
 * Spec 1 §4 transfer: to a user (status open, or group for a group ticket, userId set) and/or a queue (queue only:
 * status pending, userId null). A user with exactly one queue preselects it; OK waits for a queue. A company
 * without any queue can still transfer to a user.
 */
export function TransferTicketDialog(props: { open: boolean; onClose: () => void; ticket: Ticket; onTransferred: () => void }) {
  const { open, onClose, ticket, onTransferred } = props;
  const { t } = useTranslation();
  const { data: users = [], isLoading: usersLoading } = useListUsersQuery(undefined, { skip: !open });
  const { queues: allQueues, isLoading: queuesLoading } = useQueueOptions();
  const [updateTicket, { isLoading: saving }] = useUpdateTicketMutation();
  const [search, setSearch] = useState('');
  const [user, setUser] = useState<UserSummary | null>(null);
  const [queueId, setQueueId] = useState<number | ''>('');

  useEffect(() => {
    if (!open) return;
    setSearch('');
    setUser(null);
    setQueueId('');
  }, [open]);

  // With a user chosen, the queues that user attends (when they attend any).
  const queues = useMemo(() => (user?.queues?.length ? user.queues : allQueues), [user, allQueues]);
  const userOptions = search.trim().length >= USER_SEARCH_MIN ? users : [];
  const needsQueue = allQueues.length > 0;
  const canSubmit = !saving && (queueId !== '' || (!needsQueue && user !== null));

  const chooseUser = (chosen: UserSummary | null) => {
    setUser(chosen);
    if (chosen?.queues?.length === 1) setQueueId(chosen.queues[0]!.id);
    else if (chosen && queueId !== '' && chosen.queues?.length && !chosen.queues.some((queue) => queue.id === queueId)) setQueueId('');
  };

  const submit = async () => {
    const queue = queueId === '' ? undefined : queueId;
    try {
      if (user) {
        await updateTicket({ id: ticket.id, userId: user.id, queueId: queue, status: ticket.isGroup ? 'group' : 'open' }).unwrap();
      } else {
        await updateTicket({ id: ticket.id, userId: null, queueId: queue, status: 'pending' }).unwrap();
      }
      onClose();
      onTransferred();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="transfer-title">
      <DialogTitle id="transfer-title">{t('ticketPane.transfer.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Autocomplete
            options={userOptions}
            value={user}
            onChange={(_event, value) => chooseUser(value)}
            inputValue={search}
            onInputChange={(_event, value) => setSearch(value)}
            getOptionLabel={(option) => option.name}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            loading={usersLoading}
            filterOptions={(options, state) => {
              const term = state.inputValue.trim().toLowerCase();
              return options.filter((option) => option.name.toLowerCase().includes(term) || option.email?.toLowerCase().includes(term));
            }}
            noOptionsText={search.trim().length < USER_SEARCH_MIN ? t('ticketPane.transfer.typeMore') : t('ticketPane.transfer.noUsers')}
            renderInput={(params) => <TextField {...params} label={t('ticketPane.transfer.user')} autoFocus />}
          />
          <QueueSelectField
            labelId="transfer-queue-label"
            label={t('ticketPane.transfer.queue')}
            disabled={queuesLoading || queues.length === 0}
            queues={queues}
            value={queueId}
            onChange={setQueueId}
          />
          {!queuesLoading && !needsQueue ? (
            <Typography variant="body2" color="text.secondary">
              {t('ticketPane.transfer.noQueues')}
            </Typography>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={!canSubmit}>
          {saving ? <CircularProgress size={18} /> : t('ticketPane.transfer.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
