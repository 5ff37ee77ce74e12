import { lazy, Suspense, useState } from 'react';
import { Box, CircularProgress, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Popover, Stack, Tooltip } from '@mui/material';
import AddReactionOutlined from '@mui/icons-material/AddReactionOutlined';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ReplyOutlined from '@mui/icons-material/ReplyOutlined';
import ShortcutOutlined from '@mui/icons-material/ShortcutOutlined';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { useTranslation } from 'react-i18next';

const EmojiPicker = lazy(() => import('./EmojiPicker'));
const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'];

export interface MessageOptionHandlers {
  onReply?: () => void;
  onReact?: (emoji: string) => void;
  onEdit?: () => void;
  onDelete?: () => void;
  onForward?: () => void;
  onTalkTo?: () => void;
}

/** The per-message menu (spec 1 §2): only the actions the message allows are given handlers. */
export function MessageOptions(props: MessageOptionHandlers & { className?: string }) {
  const { t } = useTranslation();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [reactAnchor, setReactAnchor] = useState<HTMLElement | null>(null);
  const [fullPicker, setFullPicker] = useState(false);
  const items = [
    { key: 'reply', handler: props.onReply, icon: <ReplyOutlined fontSize="small" /> },
    { key: 'react', handler: props.onReact ? () => setReactAnchor(menuAnchor) : undefined, icon: <AddReactionOutlined fontSize="small" /> },
    { key: 'edit', handler: props.onEdit, icon: <EditOutlined fontSize="small" /> },
    { key: 'forward', handler: props.onForward, icon: <ShortcutOutlined fontSize="small" /> },
    { key: 'talkTo', handler: props.onTalkTo, icon: <ChatOutlined fontSize="small" /> },
    { key: 'delete', handler: props.onDelete, icon: <DeleteOutline fontSize="small" /> },
  ].filter((item) => item.handler);
  if (!items.length) return null;
  const react = (emoji: string) => {
    setReactAnchor(null);
    setFullPicker(false);
    props.onReact?.(emoji);
  };
  return (
    <>
      <IconButton
        size="small"
        className={props.className}
        aria-label={t('messages.options.open')}
        aria-haspopup="menu"
        onClick={(event) => setMenuAnchor(event.currentTarget)}
      >
        <ExpandMore fontSize="small" />
      </IconButton>
      <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
        {items.map((item) => (
          <MenuItem
            key={item.key}
            onClick={() => {
              item.handler!();
              setMenuAnchor(null);
            }}
          >
            <ListItemIcon>{item.icon}</ListItemIcon>
            <ListItemText>{t(`messages.options.${item.key}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
      <Popover
        open={Boolean(reactAnchor)}
        anchorEl={reactAnchor}
        onClose={() => {
          setReactAnchor(null);
          setFullPicker(false);
        }}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {fullPicker ? (
          <Suspense fallback={<CircularProgress sx={{ m: 2 }} />}>
            <EmojiPicker onPick={react} />
          </Suspense>
        ) : (
          <Stack direction="row" sx={{ p: 0.5 }} role="group" aria-label={t('messages.options.react')}>
            {QUICK_REACTIONS.map((emoji) => (
              <IconButton key={emoji} onClick={() => react(emoji)} aria-label={emoji}>
                <Box component="span" sx={{ fontSize: 22, lineHeight: 1 }}>
                  {emoji}
                </Box>
              </IconButton>
            ))}
            <Tooltip title={t('messages.options.moreEmojis')}>
              <IconButton onClick={() => setFullPicker(true)} aria-label={t('messages.options.moreEmojis')}>
                <AddOutlined />
              </IconButton>
            </Tooltip>
          </Stack>
        )}
      </Popover>
    </>
  );
}
