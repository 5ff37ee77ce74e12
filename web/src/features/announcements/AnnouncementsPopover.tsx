import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { format, parseISO } from 'date-fns';
import { Box, Dialog, DialogActions, DialogContent, DialogTitle, Button, ListItemButton, ListItemText, Typography } from '@mui/material';
import AnnouncementIcon from '@mui/icons-material/Announcement';
import { TopBarPopover } from '../../components/TopBarPopover';
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
  const [reading, setReading] = useState<Announcement | null>(null);
  const { data: announcements = [], isLoading } = useActiveAnnouncementsQuery();
  const label = t('announcements.popover.label', { count: announcements.length });

  return (
    <>
      <TopBarPopover
        icon={<AnnouncementIcon />}
        title={t('announcements.popover.title')}
        label={label}
        count={announcements.length}
        badgeColor="secondary"
        width={360}
        maxHeight={POPOVER_MAX_HEIGHT}
        loading={isLoading}
        empty={t('announcements.popover.empty')}
        items={(close) =>
          announcements.map((announcement) => (
            <ListItemButton
              key={announcement.id}
              onClick={() => {
                close();
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
          ))
        }
      />
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
