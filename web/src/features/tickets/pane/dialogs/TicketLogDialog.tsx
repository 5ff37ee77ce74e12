import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import LowPriorityIcon from '@mui/icons-material/LowPriority';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import CallReceivedIcon from '@mui/icons-material/CallReceived';
import UndoIcon from '@mui/icons-material/Undo';
import ReplayIcon from '@mui/icons-material/Replay';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import HistoryIcon from '@mui/icons-material/History';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { useTicketLogQuery, type TicketLogEntry } from '../../tickets.api';

const icons: Record<string, typeof HistoryIcon> = {
  create: AddCircleOutlineIcon,
  chatBot: SmartToyOutlinedIcon,
  queue: LowPriorityIcon,
  open: CheckCircleOutlineIcon,
  access: VisibilityOutlinedIcon,
  transfered: SwapHorizIcon,
  receivedTransfer: CallReceivedIcon,
  pending: UndoIcon,
  reopen: ReplayIcon,
  closed: DoneAllIcon,
};
const knownTypes = new Set(Object.keys(icons));

/** Spec 1 §3 ticket log: what happened to the ticket, who did it, in which queue, when; newest first. */
export function TicketLogDialog({ open, onClose, ticketId }: { open: boolean; onClose: () => void; ticketId: number }) {
  const { t } = useTranslation();
  const { data: entries = [], isFetching, isError } = useTicketLogQuery(ticketId, { skip: !open, refetchOnMountOrArgChange: true });

  const describe = (entry: TicketLogEntry) =>
    t(`ticketPane.log.types.${knownTypes.has(entry.type) ? entry.type : 'other'}`, {
      user: entry.user?.name ?? t('ticketPane.log.system'),
      queue: entry.queue?.name ?? t('ticketPane.noQueue'),
      type: entry.type,
    });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="ticket-log-title">
      <DialogTitle id="ticket-log-title">{t('ticketPane.log.title', { id: ticketId })}</DialogTitle>
      <DialogContent dividers>
        {isFetching && entries.length === 0 ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress aria-label={t('common.loading')} />
          </Box>
        ) : isError ? (
          <Typography color="error">{t('ticketPane.log.error')}</Typography>
        ) : entries.length === 0 ? (
          <Typography color="text.secondary">{t('ticketPane.log.empty')}</Typography>
        ) : (
          <List dense aria-label={t('ticketPane.log.title', { id: ticketId })}>
            {entries.map((entry) => {
              const Icon = icons[entry.type] ?? HistoryIcon;
              return (
                <ListItem key={entry.id} disableGutters>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <Icon fontSize="small" color="primary" />
                  </ListItemIcon>
                  <ListItemText primary={describe(entry)} secondary={format(new Date(entry.createdAt), 'dd/MM/yyyy HH:mm')} />
                </ListItem>
              );
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
