import { useRef } from 'react';
import { Avatar, Box, ButtonBase, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '../tickets.api';
import { TicketActions } from './TicketActions';
import { useElementWidth } from './use-element-width';

/** Below this header width the secondary actions move into the overflow menu. */
const COMPACT_BELOW = 760;

/** Spec 1 §2 header: back to /tickets, contact name with #id (opens the contact drawer), assignee, actions. */
export function TicketHeader(props: { ticket: Ticket; drawerOpen: boolean; onToggleDrawer: () => void }) {
  const { ticket, drawerOpen, onToggleDrawer } = props;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const header = useRef<HTMLElement>(null);
  const width = useElementWidth(header);
  const name = ticket.contact?.name ?? '';
  const picture = (ticket.contact?.profilePicUrl || undefined) as string | undefined;
  const assignment = ticket.user
    ? t('ticketPane.assignedTo', { name: ticket.user.name })
    : ticket.status === 'pending'
      ? t('ticketPane.waiting')
      : t('ticketPane.unassigned');

  return (
    <Paper
      square
      elevation={0}
      component="header"
      ref={header}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.75, borderBottom: 1, borderColor: 'divider', minHeight: 64 }}
    >
      <Tooltip title={t('ticketPane.back')}>
        <IconButton aria-label={t('ticketPane.back')} onClick={() => navigate('/tickets')}>
          <ArrowBackIcon />
        </IconButton>
      </Tooltip>
      <ButtonBase
        onClick={onToggleDrawer}
        aria-label={t('ticketPane.contactInfo')}
        aria-expanded={drawerOpen}
        aria-controls="ticket-contact-drawer"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          flex: 1,
          minWidth: 0,
          justifyContent: 'flex-start',
          borderRadius: 1,
          p: 0.5,
          textAlign: 'left',
        }}
      >
        <Avatar src={picture} alt={name} sx={{ width: 40, height: 40 }}>
          {name.charAt(0).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h2" variant="subtitle1" sx={{ display: 'flex', gap: 0.5, fontWeight: 600, lineHeight: 1.3, minWidth: 0 }}>
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {name}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400, flexShrink: 0 }}>
              #{ticket.id}
            </Box>
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {assignment}
            {ticket.queue ? ` · ${ticket.queue.name}` : ''}
            {ticket.protocol ? ` · ${t('ticketPane.protocol', { protocol: ticket.protocol })}` : ''}
          </Typography>
        </Box>
      </ButtonBase>
      <TicketActions ticket={ticket} compact={width > 0 && width < COMPACT_BELOW} />
    </Paper>
  );
}
