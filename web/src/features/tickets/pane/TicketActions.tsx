import { useState, type ReactElement } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Tooltip,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import CallIcon from '@mui/icons-material/Call';
import CheckIcon from '@mui/icons-material/Check';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import EventIcon from '@mui/icons-material/Event';
import HistoryIcon from '@mui/icons-material/History';
import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import ReplayIcon from '@mui/icons-material/Replay';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import UndoIcon from '@mui/icons-material/Undo';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { toastError } from '../../../app/errors';
import { ConfirmationModal } from '../../../components/ConfirmationModal';
import { useContactQuery, useToggleAcceptAudioMutation } from '../../contacts/contacts.api';
import { ScheduleModal } from '../../schedules/ScheduleModal';
import { AcceptTicketDialog } from '../dialogs/AcceptTicketDialog';
import { useOpenTicketConflict } from '../dialogs/TicketAlreadyOpenDialog';
import { isTicketAdmin } from '../ticket-permissions';
import { useDeleteTicketMutation, useUpdateTicketMutation, type Ticket } from '../tickets.api';
import { useTicketActions } from '../use-ticket-actions';
import { ResolveTicketDialog, type ResolveChoice } from './dialogs/ResolveTicketDialog';
import { ReopenTicketDialog } from './dialogs/ReopenTicketDialog';
import { TicketLogDialog } from './dialogs/TicketLogDialog';
import { TransferTicketDialog } from './dialogs/TransferTicketDialog';
import { planAllows, settingEnabled } from './session-rules';
import { useQueueOptions } from './use-queue-options';
import { toastTicketClosed } from './use-ticket-live';

/** The calling page of the wavoip integration; the connection's wavoip token authorises the call. */
const CALL_PAGE = 'https://app.wavoip.com/call';

type Dialog = 'accept' | 'log' | 'resolve' | 'reopen' | 'transfer' | 'schedule' | 'delete' | null;

interface Action {
  key: string;
  label: string;
  icon: ReactElement;
  onClick: () => void;
  /** Shown as a labelled button (also on narrow screens) rather than an icon. */
  primary?: boolean;
  color?: 'primary' | 'success' | 'error' | 'inherit';
}

/** Spec 1 §2 header actions, by status and role, with their dialogs (§4 transitions). */
export function TicketActions({ ticket, compact }: { ticket: Ticket; compact: boolean }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down(600));
  const inMenu = narrow || compact;
  const navigate = useNavigate();
  const me = useAppSelector((state) => state.auth.user);
  const { data: contact } = useContactQuery(ticket.contactId);
  const [updateTicket, { isLoading: updating }] = useUpdateTicketMutation();
  const [deleteTicket] = useDeleteTicketMutation();
  const [toggleAcceptAudio] = useToggleAcceptAudioMutation();
  const { accept, returnToPending, busy } = useTicketActions();
  const conflict = useOpenTicketConflict();
  const { queues } = useQueueOptions();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);

  const status = ticket.status;
  const live = status === 'open' || status === 'group';
  const shownContact = contact ?? ticket.contact;
  const close = () => setDialog(null);

  const call = () => {
    const token = ticket.whatsapp?.wavoip;
    const number = shownContact?.number;
    if (!token || !number) {
      toast.error(t('ticketPane.callError'));
      return;
    }
    const address = `${CALL_PAGE}?${new URLSearchParams({ token, phone: number, name: shownContact?.name ?? '', start_if_ready: 'true', close_after_call: 'true' })}`;
    window.open(address, 'wavoip', 'toolbar=no,scrollbars=no,resizable=no,width=400,height=600');
  };

  const reopen = async (queueId?: number) => {
    if (!me) return;
    try {
      await updateTicket({
        id: ticket.id,
        status: ticket.isGroup ? 'group' : 'open',
        userId: me.id,
        ...(queueId ? { queueId } : {}),
      }).unwrap();
      close();
    } catch (error) {
      close();
      if (!conflict.handle(error)) toastError(error);
    }
  };

  const startReopen = () => (ticket.queueId === null && queues.length > 0 ? setDialog('reopen') : void reopen());

  const startResolve = () => {
    // requiredTag (spec 1 §4): a tag on the ticket (the drawer's) or on its contact before the ticket can be closed.
    if (settingEnabled(me, 'requiredTag') && (contact?.tags?.length ?? 0) === 0 && (ticket.tags?.length ?? 0) === 0) {
      toast.warning(t('ticketPane.requiredTag'));
      return;
    }
    setDialog('resolve');
  };

  const resolve = async (choice: ResolveChoice) => {
    try {
      await updateTicket({
        id: ticket.id,
        status: 'closed',
        sendFarewellMessage: choice.sendFarewellMessage,
        ...(choice.rating ? { userRating: choice.rating } : {}),
      }).unwrap();
      close();
      navigate('/tickets');
    } catch (error) {
      const code = (error as { data?: { error?: string } }).data?.error;
      if (code === 'ERR_REQUIRED_TAG') toast.warning(t('ticketPane.requiredTag'));
      else toastError(error);
    }
  };

  const toggleIntegration = async () => {
    try {
      const updated = await updateTicket({ id: ticket.id, useIntegration: !ticket.useIntegration }).unwrap();
      toast.success(updated.useIntegration ? t('ticketPane.integrationEnabled') : t('ticketPane.integrationDisabled'));
    } catch (error) {
      toastError(error);
    }
  };

  const toggleAudio = async () => {
    if (!shownContact) return;
    try {
      const updated = await toggleAcceptAudio(shownContact.id).unwrap();
      toast.success(updated.acceptAudioMessage ? t('ticketPane.acceptAudioEnabled') : t('ticketPane.acceptAudioDisabled'));
    } catch (error) {
      toastError(error);
    }
  };

  const remove = async () => {
    try {
      await deleteTicket(ticket.id).unwrap();
      toastTicketClosed(ticket.id, t('ticketPane.closedToast'));
      navigate('/tickets');
    } catch (error) {
      toastError(error);
    }
  };

  const actions: Action[] = [];
  if (status === 'closed')
    actions.push({ key: 'reopen', label: t('ticketPane.actions.reopen'), icon: <ReplayIcon />, onClick: startReopen, primary: true });
  if (status === 'pending')
    actions.push({
      key: 'accept',
      label: t('ticketPane.actions.accept'),
      icon: <CheckIcon />,
      onClick: () => (ticket.queueId ? void accept(ticket, ticket.queueId) : setDialog('accept')),
      primary: true,
      color: 'success',
    });
  if (live)
    actions.push({
      key: 'resolve',
      label: t('ticketPane.actions.resolve'),
      icon: <DoneAllIcon />,
      onClick: startResolve,
      primary: true,
      color: 'success',
    });
  if (live && (ticket.channel === 'whatsapp' || ticket.whatsapp?.wavoip))
    actions.push({ key: 'call', label: t('ticketPane.actions.call'), icon: <CallIcon />, onClick: call });
  if (live)
    actions.push({
      key: 'return',
      label: t('ticketPane.actions.returnToQueue'),
      icon: <UndoIcon />,
      onClick: () => void returnToPending(ticket).then((done) => done && navigate('/tickets')),
    });
  if (status !== 'closed')
    actions.push({
      key: 'transfer',
      label: t('ticketPane.actions.transfer'),
      icon: <SwapHorizIcon />,
      onClick: () => setDialog('transfer'),
    });
  if (status !== 'closed' && (ticket.useIntegration || ticket.integrationId))
    actions.push({
      key: 'integration',
      label: ticket.useIntegration ? t('ticketPane.actions.integrationOff') : t('ticketPane.actions.integrationOn'),
      icon: ticket.useIntegration ? <StopCircleOutlinedIcon /> : <PlayCircleOutlineIcon />,
      onClick: () => void toggleIntegration(),
    });
  if (live && shownContact)
    actions.push({
      key: 'audio',
      label: shownContact.acceptAudioMessage ? t('ticketPane.actions.acceptAudioOff') : t('ticketPane.actions.acceptAudioOn'),
      icon: shownContact.acceptAudioMessage ? <MicIcon /> : <MicOffIcon />,
      onClick: () => void toggleAudio(),
    });
  if (planAllows(me, 'useSchedules'))
    actions.push({ key: 'schedule', label: t('ticketPane.actions.schedule'), icon: <EventIcon />, onClick: () => setDialog('schedule') });
  actions.push({ key: 'log', label: t('ticketPane.actions.log'), icon: <HistoryIcon />, onClick: () => setDialog('log') });
  if (isTicketAdmin(me))
    actions.push({
      key: 'delete',
      label: t('ticketPane.actions.delete'),
      icon: <DeleteOutlineIcon />,
      onClick: () => setDialog('delete'),
      color: 'error',
    });

  const primary = actions.filter((action) => action.primary);
  const secondary = actions.filter((action) => !action.primary);
  const working = updating || busy;

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexShrink: 0 }}>
      {working ? <CircularProgress size={18} aria-label={t('common.loading')} /> : null}
      {primary.map((action) => (
        <Button
          key={action.key}
          size="small"
          variant="contained"
          color={action.color ?? 'primary'}
          startIcon={narrow ? undefined : action.icon}
          onClick={action.onClick}
          disabled={working}
        >
          {action.label}
        </Button>
      ))}
      {inMenu ? (
        <>
          <IconButton aria-label={t('ticketPane.moreActions')} aria-haspopup="menu" onClick={(event) => setMenuAnchor(event.currentTarget)}>
            <MoreVertIcon />
          </IconButton>
          <Menu
            anchorEl={menuAnchor}
            open={menuAnchor !== null}
            onClose={() => setMenuAnchor(null)}
            slotProps={{ list: { 'aria-label': t('ticketPane.moreActions') } }}
          >
            {secondary.map((action) => (
              <MenuItem
                key={action.key}
                onClick={() => {
                  setMenuAnchor(null);
                  action.onClick();
                }}
              >
                <ListItemIcon>{action.icon}</ListItemIcon>
                <ListItemText>{action.label}</ListItemText>
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : (
        secondary.map((action) => (
          <Tooltip key={action.key} title={action.label}>
            <span>
              <IconButton
                aria-label={action.label}
                onClick={action.onClick}
                disabled={working}
                color={action.color === 'error' ? 'error' : 'default'}
              >
                {action.icon}
              </IconButton>
            </span>
          </Tooltip>
        ))
      )}

      {status === 'pending' ? <AcceptTicketDialog open={dialog === 'accept'} onClose={close} ticket={ticket} /> : null}
      <TicketLogDialog open={dialog === 'log'} onClose={close} ticketId={ticket.id} />
      <ResolveTicketDialog
        open={dialog === 'resolve'}
        onClose={close}
        ticketId={ticket.id}
        ratingEnabled={settingEnabled(me, 'userRating')}
        // The server tells whether the owner or the connection has a farewell (ticket views' hasFarewell).
        farewellAvailable={!('hasFarewell' in ticket) || ticket.hasFarewell !== false}
        saving={updating}
        onResolve={(choice) => void resolve(choice)}
      />
      <ReopenTicketDialog
        open={dialog === 'reopen'}
        onClose={close}
        queues={queues}
        saving={updating}
        onReopen={(queueId) => void reopen(queueId)}
      />
      <TransferTicketDialog open={dialog === 'transfer'} onClose={close} ticket={ticket} onTransferred={() => navigate('/tickets')} />
      <ScheduleModal open={dialog === 'schedule'} onClose={close} contactId={ticket.contactId} onSaved={() => navigate('/schedules')} />
      <ConfirmationModal
        open={dialog === 'delete'}
        title={t('ticketPane.deleteConfirm.title', { id: ticket.id })}
        confirmLabel={t('common.delete')}
        onClose={close}
        onConfirm={() => void remove()}
      >
        {t('ticketPane.deleteConfirm.text')}
      </ConfirmationModal>
      {conflict.dialog}
    </Box>
  );
}
