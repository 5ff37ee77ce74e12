import { memo, useState, type ReactNode } from 'react';
import {
  Avatar,
  Badge,
  Box,
  Chip,
  CircularProgress,
  IconButton,
  ListItemButton,
  Stack,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import ReplayIcon from '@mui/icons-material/Replay';
import UndoIcon from '@mui/icons-material/Undo';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { plainText } from '../../messages/message-formatting';
import { AcceptTicketDialog } from '../dialogs/AcceptTicketDialog';
import type { Ticket } from '../tickets.api';
import { useTicketActions } from '../use-ticket-actions';
import { LAST_MESSAGE_MAX, NAME_MAX, NAME_MAX_NARROW, lastMessageKind, ticketTime, truncate } from './ticket-card-format';
import { upperCase } from '../../../app/i18n';

function ChannelIcon({ channel }: { channel: string }) {
  const props = { fontSize: 'inherit' as const };
  if (channel === 'whatsapp' || channel === 'whatsappapi') return <WhatsAppIcon {...props} sx={{ color: '#25d366' }} />;
  if (channel === 'facebook') return <FacebookIcon {...props} sx={{ color: '#1877f2' }} />;
  if (channel === 'instagram') return <InstagramIcon {...props} sx={{ color: '#e1306c' }} />;
  return <ForumOutlinedIcon {...props} color="action" />;
}

function Action(props: {
  label: string;
  onClick: () => void;
  busy: boolean;
  color?: 'success' | 'error' | 'primary';
  children: ReactNode;
}) {
  return (
    <Tooltip title={props.label}>
      <span>
        <IconButton
          size="small"
          aria-label={props.label}
          color={props.color}
          disabled={props.busy}
          onClick={(event) => {
            event.stopPropagation();
            props.onClick();
          }}
        >
          {props.busy ? <CircularProgress size={16} /> : props.children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * One ticket of the list (spec 1 §2 Ticket card). A pending ticket is not opened by clicking: it is accepted (with a
 * queue dialog when it has none) or closed without farewell. An open or group ticket can go back to pending.
 */
export const TicketCard = memo(function TicketCard(props: {
  ticket: Ticket;
  selected: boolean;
  showUser: boolean;
  onAccepted?: (ticket: Ticket) => void;
}) {
  const { ticket } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const narrow = useMediaQuery('(max-width:599.95px)');
  const actions = useTicketActions();
  const [accepting, setAccepting] = useState(false);
  const [busy, setBusy] = useState<'accept' | 'close' | 'return' | null>(null);

  const name = ticket.contact?.name ?? t('tickets.card.unknownContact');
  const pending = ticket.status === 'pending';
  const kind = lastMessageKind(ticket.lastMessage, ticket.lastMessageType);
  const presence =
    ticket.presence === 'composing' ? t('tickets.card.typing') : ticket.presence === 'recording' ? t('tickets.card.recording') : null;
  const lastMessage =
    kind === 'location'
      ? t('tickets.card.location')
      : kind === 'contact'
        ? t('tickets.card.contact')
        : truncate(plainText(ticket.lastMessage ?? ''), LAST_MESSAGE_MAX);
  const picture = (ticket.contact?.urlPicture || ticket.contact?.profilePicUrl || undefined) as string | undefined;
  const tags = ticket.tags ?? [];

  const act = async (which: 'accept' | 'close' | 'return') => {
    if (which === 'accept' && !ticket.queueId) {
      setAccepting(true);
      return;
    }
    setBusy(which);
    if (which === 'accept') {
      const accepted = await actions.accept(ticket, ticket.queueId);
      if (accepted) props.onAccepted?.(accepted);
    } else if (which === 'close') await actions.closeWithoutFarewell(ticket);
    else await actions.returnToPending(ticket);
    setBusy(null);
  };

  return (
    <Box
      component="li"
      aria-label={name}
      aria-current={props.selected ? 'true' : undefined}
      sx={{
        listStyle: 'none',
        display: 'flex',
        alignItems: 'center',
        borderBottom: 1,
        borderColor: 'divider',
        borderLeft: 4,
        borderLeftColor: ticket.queue?.color ?? 'grey.400',
        bgcolor: props.selected ? 'action.selected' : undefined,
      }}
    >
      <ListItemButton
        disableRipple={pending}
        aria-disabled={pending || undefined}
        onClick={pending ? undefined : () => navigate(`/tickets/${ticket.uuid}`)}
        sx={{
          alignItems: 'flex-start',
          gap: 1.5,
          py: 1,
          flex: 1,
          minWidth: 0,
          cursor: pending ? 'default' : 'pointer',
        }}
      >
        <Badge
          badgeContent={ticket.unreadMessages}
          color="success"
          max={99}
          overlap="circular"
          slotProps={{ badge: { 'aria-label': t('tickets.card.unread', { count: ticket.unreadMessages }) } as object }}
        >
          <Avatar src={picture} alt={name} sx={{ width: 44, height: 44 }}>
            {name.charAt(0).toUpperCase()}
          </Avatar>
        </Badge>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" alignItems="center" spacing={1}>
            <Typography variant="subtitle2" noWrap sx={{ flex: 1, minWidth: 0 }} title={name}>
              {truncate(name, narrow ? NAME_MAX_NARROW : NAME_MAX)}
            </Typography>
            <Typography variant="caption" color={ticket.unreadMessages > 0 ? 'success.main' : 'text.secondary'} sx={{ flexShrink: 0 }}>
              {ticketTime(ticket.updatedAt)}
            </Typography>
          </Stack>
          <Stack direction="row" alignItems="center" spacing={0.5} sx={{ color: 'text.secondary', fontSize: 14 }}>
            <ChannelIcon channel={ticket.whatsapp?.channel ?? ticket.channel} />
            <Typography variant="caption" noWrap>
              {ticket.whatsapp?.name ?? ticket.channel}
            </Typography>
          </Stack>
          <Typography
            variant="body2"
            noWrap
            color={presence ? 'success.main' : 'text.secondary'}
            sx={{ fontStyle: presence ? 'italic' : undefined, minHeight: 20 }}
          >
            {presence ?? lastMessage}
          </Typography>
          <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap" sx={{ mt: 0.5 }}>
            {props.showUser && ticket.user ? (
              <Chip size="small" label={ticket.user.name} sx={{ bgcolor: ticket.user.color ?? undefined, height: 20, fontSize: 11 }} />
            ) : null}
            <Chip
              size="small"
              label={ticket.queue ? upperCase(ticket.queue.name) : t('tickets.queue.noneChip')}
              sx={{
                height: 20,
                fontSize: 11,
                bgcolor: ticket.queue?.color ?? 'grey.600',
                color: '#fff',
              }}
            />
            {tags.slice(0, 2).map((tag) => (
              <Chip
                key={tag.id}
                size="small"
                variant="outlined"
                label={tag.name}
                sx={{ height: 20, fontSize: 11, borderColor: tag.color ?? undefined, color: tag.color ?? undefined }}
              />
            ))}
            {tags.length > 2 ? (
              <Chip size="small" variant="outlined" label={`+${tags.length - 2}`} sx={{ height: 20, fontSize: 11 }} />
            ) : null}
          </Stack>
        </Box>
      </ListItemButton>
      <Stack direction="column" alignItems="center" sx={{ px: 0.5 }}>
        {pending ? (
          <>
            <Action label={t('tickets.card.accept')} color="success" busy={busy === 'accept'} onClick={() => void act('accept')}>
              <CheckIcon fontSize="small" />
            </Action>
            <Action label={t('tickets.card.ignore')} color="error" busy={busy === 'close'} onClick={() => void act('close')}>
              <CloseIcon fontSize="small" />
            </Action>
          </>
        ) : null}
        {ticket.status === 'open' || ticket.status === 'group' ? (
          <Action label={t('tickets.card.returnToPending')} busy={busy === 'return'} onClick={() => void act('return')}>
            <UndoIcon fontSize="small" />
          </Action>
        ) : null}
        {ticket.status === 'closed' ? (
          <Action label={t('tickets.card.reopen')} busy={busy === 'return'} onClick={() => void act('return')}>
            <ReplayIcon fontSize="small" />
          </Action>
        ) : null}
      </Stack>
      {accepting ? (
        <AcceptTicketDialog open={accepting} ticket={ticket} onClose={() => setAccepting(false)} onAccepted={props.onAccepted} />
      ) : null}
    </Box>
  );
});
