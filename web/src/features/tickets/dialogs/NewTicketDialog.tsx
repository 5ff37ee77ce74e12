import { useState } from 'react';
import {
  Autocomplete,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormHelperText,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  TextField,
} from '@mui/material';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorText, toastError } from '../../../app/errors';
import { useAppSelector } from '../../../app/hooks';
import { useDebouncedValue } from '../../../app/use-debounced-value';
import { useListConnectionsQuery } from '../../connections/connections.api';
import { ContactModal } from '../../contacts/ContactModal';
import { CONTACT_SEARCH_MIN } from '../../contacts/ContactPicker';
import { useListContactsQuery, type Contact } from '../../contacts/contacts.api';
import { isTicketAdmin } from '../ticket-permissions';
import { useCreateTicketMutation } from '../tickets.api';
import { QueueSelectField } from './QueueSelectField';
import { useOpenTicketConflict } from './TicketAlreadyOpenDialog';

/** POST /tickets: the chosen connection cannot reach the contact (a website chat for a phone contact). */
const UNREACHABLE = 'ERR_CONNECTION_CANNOT_REACH_CONTACT';

type ContactOption = Pick<Contact, 'id' | 'name' | 'number'> | { id: 'new'; name: string; number: '' };

/**
 * New ticket (spec 1 §5): a contact searched from 3 typed characters (debounced 500 ms) or created on the spot, a
 * queue (required unless admin) and a connection. A contact who already has an open ticket is handled by
 * useOpenTicketConflict.
 */
export function NewTicketDialog(props: { open: boolean; onClose: () => void; initialContact?: Pick<Contact, 'id' | 'name' | 'number'> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAppSelector((state) => state.auth.user);
  const admin = isTicketAdmin(user);
  const queues = user?.queues ?? [];

  const [contact, setContact] = useState<Pick<Contact, 'id' | 'name' | 'number'> | null>(props.initialContact ?? null);
  const [typed, setTyped] = useState('');
  const [queueId, setQueueId] = useState<number | ''>(queues.length === 1 ? queues[0]!.id : '');
  const [connectionId, setConnectionId] = useState<number | ''>(typeof user?.whatsappId === 'number' ? user.whatsappId : '');
  const [errors, setErrors] = useState<{ contact?: string; queue?: string; connection?: string }>({});
  const [creatingContact, setCreatingContact] = useState<string | null>(null);

  const search = useDebouncedValue(typed.trim(), 500);
  const enough = search.length >= CONTACT_SEARCH_MIN;
  const { data, isFetching } = useListContactsQuery({ searchParam: search }, { skip: !props.open || !enough });
  const { data: connections = [] } = useListConnectionsQuery(undefined, { skip: !props.open });
  const [createTicket, { isLoading: saving }] = useCreateTicketMutation();
  const conflict = useOpenTicketConflict();

  const found: ContactOption[] = enough ? (data?.contacts ?? []) : [];
  const options: ContactOption[] = [
    ...(contact && !found.some((option) => option.id === contact.id) ? [contact] : []),
    ...found,
    ...(typed.trim().length >= CONTACT_SEARCH_MIN ? [{ id: 'new' as const, name: typed.trim(), number: '' as const }] : []),
  ];

  const close = () => {
    setContact(props.initialContact ?? null);
    setTyped('');
    setErrors({});
    props.onClose();
  };

  const submit = async () => {
    const next: typeof errors = {};
    if (!contact) next.contact = t('tickets.newTicket.contactRequired');
    else if (!contact.number) next.contact = t('tickets.newTicket.contactNeedsNumber');
    if (!admin && queueId === '') next.queue = t('tickets.newTicket.queueRequired');
    setErrors(next);
    if (next.contact || next.queue || !contact || !user) return;
    try {
      const ticket = await createTicket({
        contactId: contact.id,
        queueId: queueId === '' ? null : queueId,
        whatsappId: connectionId === '' ? null : connectionId,
        userId: user.id,
        status: 'open',
      }).unwrap();
      close();
      navigate(`/tickets/${ticket.uuid}`);
    } catch (error) {
      if (conflict.handle(error)) close();
      else {
        // A connection of another channel than the contact's is refused before anything is sent: say it at the field.
        if ((error as { data?: { error?: string } }).data?.error === UNREACHABLE) setErrors({ connection: errorText(error) });
        toastError(error);
      }
    }
  };

  return (
    <>
      <Dialog open={props.open} onClose={close} maxWidth="xs" fullWidth aria-labelledby="new-ticket-title">
        <DialogTitle id="new-ticket-title">{t('tickets.newTicket.title')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Autocomplete<ContactOption>
              value={contact}
              onChange={(_event, option) => {
                if (option?.id === 'new') setCreatingContact(option.name);
                else setContact(option as Pick<Contact, 'id' | 'name' | 'number'> | null);
                setErrors((current) => ({ ...current, contact: undefined, connection: undefined }));
              }}
              inputValue={typed}
              onInputChange={(_event, text) => setTyped(text)}
              options={options}
              filterOptions={(all) => all}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              getOptionLabel={(option) => (option.id === 'new' ? option.name : `${option.name} - ${option.number}`)}
              renderOption={({ key, ...itemProps }, option) =>
                option.id === 'new' ? (
                  <li key={key} {...itemProps}>
                    <PersonAddAlt1Icon fontSize="small" sx={{ mr: 1 }} />
                    {t('tickets.newTicket.addContact', { name: option.name })}
                  </li>
                ) : (
                  <li key={key} {...itemProps}>
                    {option.name} - {option.number || t('tickets.newTicket.noNumber')}
                  </li>
                )
              }
              loading={isFetching}
              noOptionsText={
                typed.trim().length < CONTACT_SEARCH_MIN
                  ? t('tickets.newTicket.typeMore', { count: CONTACT_SEARCH_MIN })
                  : t('tickets.newTicket.noContacts')
              }
              loadingText={t('common.loading')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  autoFocus
                  label={t('tickets.newTicket.contact')}
                  size="small"
                  error={Boolean(errors.contact)}
                  helperText={errors.contact}
                  slotProps={{
                    input: {
                      ...params.InputProps,
                      endAdornment: (
                        <>
                          {isFetching ? <CircularProgress color="inherit" size={18} /> : null}
                          {params.InputProps.endAdornment}
                        </>
                      ),
                    },
                  }}
                />
              )}
            />
            <QueueSelectField
              labelId="new-ticket-queue"
              label={t('tickets.newTicket.queue')}
              size="small"
              error={errors.queue}
              noneLabel={admin ? t('tickets.queue.none') : undefined}
              queues={queues}
              value={queueId}
              onChange={(value) => {
                setQueueId(value);
                setErrors((current) => ({ ...current, queue: undefined }));
              }}
            />
            <FormControl size="small" fullWidth error={Boolean(errors.connection)}>
              <InputLabel id="new-ticket-connection">{t('tickets.newTicket.connection')}</InputLabel>
              <Select<number | ''>
                labelId="new-ticket-connection"
                label={t('tickets.newTicket.connection')}
                value={connections.some((connection) => connection.id === connectionId) ? connectionId : ''}
                onChange={(event) => {
                  setConnectionId(event.target.value === '' ? '' : Number(event.target.value));
                  setErrors((current) => ({ ...current, connection: undefined }));
                }}
              >
                <MenuItem value="">
                  <em>{t('tickets.newTicket.defaultConnection')}</em>
                </MenuItem>
                {connections.map((connection) => (
                  <MenuItem key={connection.id} value={connection.id}>
                    {connection.name}
                  </MenuItem>
                ))}
              </Select>
              {errors.connection ? <FormHelperText>{errors.connection}</FormHelperText> : null}
            </FormControl>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={saving}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="contained"
            onClick={() => void submit()}
            disabled={saving}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('tickets.newTicket.save')}
          </Button>
        </DialogActions>
      </Dialog>
      <ContactModal
        open={creatingContact !== null}
        onClose={() => setCreatingContact(null)}
        initialValues={/^[\d+\s()-]+$/.test(creatingContact ?? '') ? { number: creatingContact ?? '' } : { name: creatingContact ?? '' }}
        onSaved={(saved) => {
          setContact({ id: saved.id, name: saved.name, number: saved.number });
          setCreatingContact(null);
        }}
      />
      {conflict.dialog}
    </>
  );
}
