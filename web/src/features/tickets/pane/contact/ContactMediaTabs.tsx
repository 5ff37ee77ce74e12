import { useState } from 'react';
import {
  Box,
  CircularProgress,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Tab,
  Tabs,
  Tooltip,
  Typography,
} from '@mui/material';
import AudiotrackIcon from '@mui/icons-material/Audiotrack';
import CallIcon from '@mui/icons-material/Call';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import LinkIcon from '@mui/icons-material/Link';
import MovieOutlined from '@mui/icons-material/MovieOutlined';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { downloadMedia, mediaFileName, useMediaBlob } from '../../../messages/media/use-media-blob';
import { useTicketMediaQuery, type TicketMedia, type TicketMediaItem } from '../pane.api';

const groups = ['media', 'documents', 'links', 'calls'] as const satisfies readonly (keyof TicketMedia)[];
type Group = (typeof groups)[number];

const when = (item: TicketMediaItem) => format(new Date(item.createdAt), 'dd/MM/yyyy HH:mm');

function Thumbnail({ item }: { item: TicketMediaItem }) {
  const { t } = useTranslation();
  const { url, failed } = useMediaBlob(item.mediaType === 'image' ? item.mediaUrl : null);
  const name = mediaFileName(item.mediaUrl);
  const open = () => item.mediaUrl && void downloadMedia(item.mediaUrl, name);
  return (
    <Tooltip title={`${name} · ${when(item)}`}>
      <Box
        component="button"
        type="button"
        onClick={open}
        aria-label={t('ticketPane.media.download', { name })}
        sx={{
          width: 88,
          height: 88,
          p: 0,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'action.hover',
          cursor: 'pointer',
          overflow: 'hidden',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          color: 'text.secondary',
        }}
      >
        {item.mediaType === 'image' && url && !failed ? (
          <Box component="img" src={url} alt={name} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : item.mediaType === 'image' && !failed ? (
          <CircularProgress size={20} />
        ) : item.mediaType === 'audio' ? (
          <AudiotrackIcon />
        ) : (
          <MovieOutlined />
        )}
      </Box>
    </Tooltip>
  );
}

function GroupItems({ group, items }: { group: Group; items: TicketMediaItem[] }) {
  const { t } = useTranslation();
  if (group === 'media') {
    return (
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, 88px)', gap: 1, py: 1 }}>
        {items.map((item) => (
          <Thumbnail key={item.id} item={item} />
        ))}
      </Box>
    );
  }
  return (
    <List dense disablePadding>
      {items.map((item) => {
        if (group === 'documents') {
          const name = mediaFileName(item.mediaUrl);
          return (
            <ListItem
              key={item.id}
              disableGutters
              secondaryAction={
                item.mediaUrl ? (
                  <IconButton
                    edge="end"
                    size="small"
                    aria-label={t('ticketPane.media.download', { name })}
                    onClick={() => void downloadMedia(item.mediaUrl!, name)}
                  >
                    <DownloadOutlined fontSize="small" />
                  </IconButton>
                ) : null
              }
            >
              <ListItemIcon sx={{ minWidth: 32 }}>
                <InsertDriveFileOutlined fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={name} secondary={when(item)} slotProps={{ primary: { noWrap: true } }} />
            </ListItem>
          );
        }
        if (group === 'links') {
          return (item.urls?.length ? item.urls : [item.body]).map((address, index) => (
            <ListItem key={`${item.id}-${index}`} disableGutters>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <LinkIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText
                primary={
                  <Link href={address} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
                    {address}
                  </Link>
                }
                secondary={when(item)}
              />
            </ListItem>
          ));
        }
        return (
          <ListItem key={item.id} disableGutters>
            <ListItemIcon sx={{ minWidth: 32 }}>
              <CallIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={item.body || t('ticketPane.media.call')} secondary={when(item)} />
          </ListItem>
        );
      })}
    </List>
  );
}

/** Spec 1 §2 contact drawer media tabs: Mídia, Documentos, Links, Ligações (GET /messages/getmedia/:ticketId). */
export function ContactMediaTabs({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation();
  const [group, setGroup] = useState<Group>('media');
  const { data, isLoading, isError } = useTicketMediaQuery(ticketId, { refetchOnMountOrArgChange: true });
  const items = data?.[group] ?? [];

  return (
    <Box component="section" aria-label={t('ticketPane.media.title')}>
      <Tabs
        value={group}
        onChange={(_event, value: Group) => setGroup(value)}
        variant="scrollable"
        scrollButtons={false}
        aria-label={t('ticketPane.media.title')}
      >
        {groups.map((key) => (
          <Tab key={key} value={key} label={t(`ticketPane.media.${key}`)} sx={{ minWidth: 0, px: 1.25, textTransform: 'none' }} />
        ))}
      </Tabs>
      <Box role="tabpanel" sx={{ maxHeight: 240, overflowY: 'auto', px: 0.5 }}>
        {isLoading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
            <CircularProgress size={24} aria-label={t('common.loading')} />
          </Box>
        ) : isError ? (
          <Typography variant="body2" color="error" sx={{ py: 1 }}>
            {t('ticketPane.media.error')}
          </Typography>
        ) : items.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
            {t('ticketPane.media.empty')}
          </Typography>
        ) : (
          <GroupItems group={group} items={items} />
        )}
      </Box>
    </Box>
  );
}
