import { useEffect } from 'react';
import { Avatar, Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { format } from 'date-fns';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Ticket } from '@switchboard/sdk/contracts';
import { realtime } from '../../app/realtime';
import { ListStatus } from '../../components/records/RecordsPage';
import { readableTextOn } from '../tags/tag-colors';
import { useMomentsQuery, type MomentsColumn } from './moments.api';

/** A ticket on the screen: its contact, queue ('Sem fila' without one), last message and when; opens the ticket. */
function MomentCard({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queue = ticket.queue;
  return (
    <Paper
      variant="outlined"
      component="li"
      aria-label={ticket.contact?.name ?? String(ticket.id)}
      onClick={() => navigate(`/tickets/${ticket.uuid}`)}
      sx={{ p: 1.25, cursor: 'pointer', listStyle: 'none', '&:hover': { bgcolor: 'action.hover' } }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
        <Typography variant="subtitle2" component="p" noWrap>
          {ticket.contact?.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
          {format(new Date(ticket.updatedAt), 'dd/MM HH:mm')}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" noWrap title={ticket.lastMessage ?? ''}>
        {ticket.lastMessage || '—'}
      </Typography>
      <Chip
        size="small"
        label={queue?.name ?? t('moments.noQueue')}
        sx={{ mt: 0.5, bgcolor: queue?.color, color: queue?.color ? readableTextOn(queue.color) : undefined }}
      />
    </Paper>
  );
}

function Column(props: { title: string; column: MomentsColumn; avatar?: string }) {
  const { t } = useTranslation();
  return (
    <Paper
      component="section"
      aria-label={props.title}
      sx={{ width: 280, flexShrink: 0, display: 'flex', flexDirection: 'column', maxHeight: '100%', bgcolor: 'background.default' }}
      variant="outlined"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        {props.avatar ? <Avatar sx={{ width: 28, height: 28, fontSize: 14 }}>{props.avatar}</Avatar> : null}
        <Typography variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }} noWrap>
          {props.title}
        </Typography>
        <Chip size="small" label={props.column.count} aria-label={t('moments.count', { count: props.column.count })} />
      </Box>
      <Stack component="ul" spacing={1} sx={{ m: 0, p: 1, overflow: 'auto' }}>
        {props.column.tickets.map((ticket) => (
          <MomentCard key={ticket.id} ticket={ticket} />
        ))}
      </Stack>
      {props.column.hasMore ? (
        <Typography variant="caption" color="text.secondary" sx={{ px: 1.5, pb: 1 }}>
          {t('moments.more', { count: props.column.count - props.column.tickets.length })}
        </Typography>
      ) : null}
    </Paper>
  );
}

/**
 * /moments, "Tempo Real" (spec 2 §2): the waiting tickets and each attendant's open ones side by side, read again
 * whenever a ticket, user, contact or queue of the company changes.
 */
export default function MomentsPage() {
  const { t } = useTranslation();
  const { data, isLoading, error, refetch } = useMomentsQuery();

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const again = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refetch(), 300);
    };
    const offs = [realtime.on('ticket', again), realtime.on('user', again), realtime.on('contact', again), realtime.on('queue', again)];
    return () => {
      clearTimeout(timer);
      offs.forEach((off) => off());
    };
  }, [refetch]);
  useEffect(() => {
    if (error) console.error('moments load failed', error);
  }, [error]);

  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', p: { xs: 1, sm: 2 }, minHeight: 0 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 1.5 }}>
        {t('moments.title')}
      </Typography>
      <ListStatus loading={isLoading} empty={false} title="" message="" />
      {data ? (
        <Box sx={{ flex: 1, minHeight: 0, display: 'flex', gap: 1.5, overflowX: 'auto', pb: 1 }}>
          <Column title={t('moments.pending')} column={data.pending} />
          {data.attendants.map((attendant) => (
            <Column
              key={attendant.user.id}
              title={attendant.user.name}
              column={attendant}
              avatar={attendant.user.name.slice(0, 1).toUpperCase()}
            />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
