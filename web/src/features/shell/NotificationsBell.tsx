import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Avatar, Badge, ListItemAvatar, ListItemButton, ListItemText } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { realtime } from '../../app/realtime';
import type { SessionUser } from '../auth/auth.slice';
import { needsAttention, useAttentionTicketsQuery, type AttentionArgs } from './notifications.api';
import { playNotificationSound } from './notification-sound';
import { upperCase } from '../../app/i18n';
import { TopBarPopover } from '../../components/TopBarPopover';

const POPOVER_MAX_HEIGHT = 350;

/** The ticket notification bell of the top bar (spec 1 §2, §6). */
export function NotificationsBell({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const seesPending = user.allTicket === 'enable';
  const unread = useAttentionTicketsQuery({ kind: 'unread', userId: user.id });
  const pending = useAttentionTicketsQuery({ kind: 'pending', userId: user.id }, { skip: !seesPending });

  const tickets = useMemo(() => {
    const all = [...(unread.data ?? []), ...(seesPending ? (pending.data ?? []) : [])];
    const unique = new Map(all.map((ticket) => [ticket.id, ticket]));
    return [...unique.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }, [unread.data, pending.data, seesPending]);

  // The open ticket's uuid, read inside the socket handler without re-subscribing on every navigation.
  const openUuid = useRef<string | undefined>(undefined);
  openUuid.current = location.pathname.match(/^\/tickets\/([^/]+)/)?.[1];

  useEffect(() => {
    const kinds: AttentionArgs[] = [{ kind: 'unread', userId: user.id }];
    if (seesPending) kinds.push({ kind: 'pending', userId: user.id });
    return realtime.on('appMessage', (event) => {
      if (event.action !== 'create' || event.message?.fromMe || !event.ticket) return;
      const ticket = { ...event.ticket, unreadMessages: Math.max(1, event.ticket.unreadMessages ?? 0) };
      // No sound for the conversation the user is reading right now.
      if (ticket.uuid === openUuid.current && document.visibilityState === 'visible') return;
      if (kinds.some((args) => needsAttention(ticket, args))) playNotificationSound();
    });
  }, [user.id, seesPending]);

  const loading = unread.isLoading || (seesPending && pending.isLoading);
  const label = t('shell.notifications.label', { count: tickets.length });

  return (
    <TopBarPopover
      icon={<NotificationsIcon />}
      title={t('shell.notifications.title')}
      label={label}
      count={tickets.length}
      badgeColor="error"
      width={340}
      maxHeight={POPOVER_MAX_HEIGHT}
      loading={loading}
      empty={t('shell.notifications.empty')}
      items={(close) =>
        tickets.map((ticket) => {
          const name = ticket.contact?.name ?? t('shell.notifications.unknownContact');
          return (
            <ListItemButton
              key={ticket.id}
              onClick={() => {
                close();
                navigate(`/tickets/${ticket.uuid}`);
              }}
            >
              <ListItemAvatar>
                <Badge badgeContent={ticket.unreadMessages} color="success" max={99}>
                  <Avatar src={ticket.contact?.urlPicture ?? ticket.contact?.profilePicUrl ?? undefined} alt={name}>
                    {upperCase(name.charAt(0))}
                  </Avatar>
                </Badge>
              </ListItemAvatar>
              <ListItemText
                primary={name}
                secondary={
                  ticket.status === 'pending' ? `${t('shell.notifications.pending')} · ${ticket.lastMessage ?? ''}` : ticket.lastMessage
                }
                slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
              />
            </ListItemButton>
          );
        })
      }
    />
  );
}
