import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { format, parseISO } from 'date-fns';
import {
  Badge,
  Box,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Button,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Popover,
  Tooltip,
  Typography,
} from '@mui/material';
import AnnouncementIcon from '@mui/icons-material/Announcement';
import { useMediaBlob } from '../messages/media/use-media-blob';
import { priorityColor, priorityLabelKey } from './announcement-priority';
import { announcementImageAddress, useActiveAnnouncementsQuery, type Announcement } from './announcements.api';

const POPOVER_MAX_HEIGHT = 400;

function shownDate(value: string): string {
  const date = parseISO(value);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'dd/MM/yyyy HH:mm');
}

/**
 * The top bar's announcements popover (spec 1 §2), for every signed-in user: the active announcements, highest
 * priority and newest first, each marked with its priority's colour (1 red, 2 orange, 3 grey), kept live by the
 * 'announcement' event. Choosing one shows its text and image.
 */
export function AnnouncementsPopover() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [reading, setReading] = useState<Announcement | null>(null);
  const { data: announcements = [], isLoading } = useActiveAnnouncementsQuery();
  const label = t('announcements.popover.label', { count: announcements.length });

  return (
    <>
      <Tooltip title={t('announcements.popover.title')}>
        <IconButton color="inherit" aria-label={label} onClick={(event) => setAnchor(event.currentTarget)}>
          <Badge badgeContent={announcements.length} color="secondary" max={99}>
            <AnnouncementIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { maxHeight: POPOVER_MAX_HEIGHT, width: 360, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5, pb: 0.5 }}>
          {t('announcements.popover.title')}
        </Typography>
        {isLoading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
            <CircularProgress size={24} aria-label={t('common.loading')} />
          </Box>
        ) : announcements.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
            {t('announcements.popover.empty')}
          </Typography>
        ) : (
          <List dense aria-label={t('announcements.popover.title')}>
            {announcements.map((announcement) => (
              <ListItemButton
                key={announcement.id}
                onClick={() => {
                  setAnchor(null);
                  setReading(announcement);
                }}
                sx={{ borderLeft: 4, borderColor: priorityColor(announcement.priority), alignItems: 'flex-start' }}
                data-priority={announcement.priority}
              >
                <ListItemText
                  primary={announcement.title}
                  secondary={`${t(priorityLabelKey(announcement.priority))} · ${shownDate(announcement.createdAt)}`}
                  slotProps={{ primary: { noWrap: true, sx: { fontWeight: 600 } }, secondary: { noWrap: true } }}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </Popover>
      <AnnouncementReader announcement={reading} onClose={() => setReading(null)} />
    </>
  );
}

/** One announcement read whole: its title, priority, date, text and image. */
function AnnouncementReader(props: { announcement: Announcement | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { announcement } = props;
  return (
    <Dialog open={Boolean(announcement)} onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="announcement-reader-title">
      {announcement ? (
        <>
          <DialogTitle id="announcement-reader-title" sx={{ borderLeft: 6, borderColor: priorityColor(announcement.priority) }}>
            {announcement.title}
            <Typography variant="caption" color="text.secondary" component="p">
              {t(priorityLabelKey(announcement.priority))} · {shownDate(announcement.createdAt)}
            </Typography>
          </DialogTitle>
          <DialogContent dividers>
            <Typography variant="body1" sx={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}>
              {announcement.text}
            </Typography>
            <AnnouncementImage announcement={announcement} />
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onClose}>{t('common.close')}</Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}

function AnnouncementImage({ announcement }: { announcement: Announcement }) {
  const { url } = useMediaBlob(announcementImageAddress(announcement));
  if (!url) return null;
  return (
    <Box
      component="img"
      src={url}
      alt={announcement.mediaName ?? announcement.title}
      sx={{ display: 'block', mt: 2, maxWidth: '100%', maxHeight: 400, borderRadius: 1, mx: 'auto' }}
    />
  );
}
