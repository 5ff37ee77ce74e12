import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Badge, ListItemButton, ListItemText } from '@mui/material';
import ForumIcon from '@mui/icons-material/Forum';
import { realtime } from '../../app/realtime';
import { flattenPages } from '../../components/records/paged-cache';
import { TopBarPopover } from '../../components/TopBarPopover';
import type { SessionUser } from '../auth/auth.slice';
import { allows } from '../shell/menu';
import { playNotificationSound } from '../shell/notification-sound';
import { useMenuContext } from '../shell/use-menu-context';
import { unreadsOf } from './chat-cache';
import { useChatsPageInfiniteQuery } from './chats.api';

const POPOVER_MAX_HEIGHT = 350;

/** The top bar's internal-chat popover (spec 1 §2), for a plan with internal chat. */
export function ChatsPopover({ user }: { user: SessionUser }) {
  const context = useMenuContext(user);
  return allows({ plan: 'useInternalChat' }, context) ? <UnreadChats user={user} /> : null;
}

/**
 * The chats with messages the user has not read, with their count on the button, kept live by the 'chat' event.
 * A message from someone else rings at the user's volume, unless the user is looking at that very chat.
 */
function UnreadChats({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const pages = useChatsPageInfiniteQuery({ unread: true });
  const chats = useMemo(() => flattenPages(pages.data, (page) => page.records), [pages.data]);

  // The open chat's uuid, read inside the socket handler without subscribing again on every navigation.
  const openUuid = useRef<string | undefined>(undefined);
  openUuid.current = location.pathname.match(/^\/chats\/([^/]+)/i)?.[1];

  useEffect(
    () =>
      realtime.on('chat', (event) => {
        if (event.action !== 'new-message' || event.message.senderId === user.id) return;
        if (event.chat.uuid === openUuid.current && document.visibilityState === 'visible') return;
        playNotificationSound();
      }),
    [user.id],
  );

  return (
    <TopBarPopover
      icon={<ForumIcon />}
      title={t('chats.popover.title')}
      label={t('chats.popover.label', { count: chats.length })}
      count={chats.length}
      badgeColor="error"
      width={340}
      maxHeight={POPOVER_MAX_HEIGHT}
      loading={pages.isLoading}
      empty={t('chats.popover.empty')}
      items={(close) =>
        chats.map((chat) => (
          <ListItemButton
            key={chat.id}
            onClick={() => {
              close();
              navigate(`/chats/${chat.uuid}`);
            }}
          >
            <ListItemText
              primary={chat.title}
              secondary={chat.lastMessage ?? ''}
              slotProps={{ primary: { noWrap: true, sx: { fontWeight: 600 } }, secondary: { noWrap: true } }}
            />
            <Badge badgeContent={unreadsOf(chat, user.id)} color="success" max={99} sx={{ ml: 2, mr: 1 }} />
          </ListItemButton>
        ))
      }
    />
  );
}
