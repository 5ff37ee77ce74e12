import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  Badge,
  Box,
  Button,
  IconButton,
  InputAdornment,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import SearchIcon from '@mui/icons-material/Search';
import { useAppSelector } from '../../app/hooks';
import { useDebouncedValue } from '../../app/use-debounced-value';
import { LoadMoreSentinel } from '../../components/records/LoadMoreSentinel';
import { flattenPages } from '../../components/records/paged-cache';
import { unreadsOf } from './chat-cache';
import { useChatsPageInfiniteQuery, type Chat } from './chats.api';

/**
 * The user's chats, newest activity first (spec 3 §2.9): searched by title (debounced 500 ms), paged as the list is
 * scrolled, each with its last message and the user's unread count. Only the owner sees a chat's edit and delete.
 */
export function ChatList(props: {
  selectedUuid?: string;
  onAdd: () => void;
  onEdit: (chat: Chat) => void;
  onDelete: (chat: Chat) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useAppSelector((state) => state.auth.user?.id);
  const [typed, setTyped] = useState('');
  const searchParam = useDebouncedValue(typed.trim().toLowerCase(), 500);
  const pages = useChatsPageInfiniteQuery({ searchParam: searchParam || undefined });
  const chats = useMemo(() => flattenPages(pages.data, (page) => page.records), [pages.data]);

  return (
    <Paper variant="outlined" square sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ display: 'flex', gap: 1, p: 1, borderBottom: 1, borderColor: 'divider' }}>
        <TextField
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder={t('chats.search')}
          size="small"
          fullWidth
          slotProps={{
            htmlInput: { 'aria-label': t('chats.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button variant="contained" onClick={props.onAdd} startIcon={<AddIcon />} sx={{ flexShrink: 0 }}>
          {t('chats.new')}
        </Button>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {!pages.isLoading && chats.length === 0 ? (
          <Typography color="text.secondary" textAlign="center" sx={{ p: 3 }}>
            {t('chats.empty')}
          </Typography>
        ) : null}
        <List disablePadding aria-label={t('chats.tabs.chats')}>
          {chats.map((chat) => {
            const unread = unreadsOf(chat, me);
            const owner = chat.ownerId === me;
            return (
              <ListItem
                key={chat.id}
                disablePadding
                divider
                secondaryAction={
                  owner ? (
                    <>
                      <Tooltip title={t('chats.actions.edit')}>
                        <IconButton size="small" aria-label={t('chats.actions.edit')} onClick={() => props.onEdit(chat)}>
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('chats.actions.delete')}>
                        <IconButton size="small" aria-label={t('chats.actions.delete')} onClick={() => props.onDelete(chat)}>
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </>
                  ) : null
                }
                sx={{ '& .MuiListItemSecondaryAction-root': { right: 8 } }}
              >
                <ListItemButton
                  selected={chat.uuid === props.selectedUuid}
                  onClick={() => navigate(`/chats/${chat.uuid}`)}
                  sx={{ pr: owner ? 11 : 2 }}
                  data-chat-id={chat.id}
                >
                  <ListItemText
                    primary={chat.title}
                    secondary={chat.lastMessage ?? ''}
                    slotProps={{ primary: { noWrap: true, sx: { fontWeight: unread > 0 ? 700 : 500 } }, secondary: { noWrap: true } }}
                  />
                  <Badge
                    badgeContent={unread}
                    color="success"
                    max={99}
                    sx={{ ml: 2, mr: 1 }}
                    slotProps={{ badge: { 'aria-label': t('chats.unread', { count: unread }) } as object }}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
        <LoadMoreSentinel
          hasMore={Boolean(pages.hasNextPage)}
          loading={pages.isFetchingNextPage}
          onLoadMore={() => void pages.fetchNextPage()}
        />
      </Box>
    </Paper>
  );
}
