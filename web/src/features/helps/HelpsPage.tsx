import { useEffect, useState } from 'react';
import { Box, Card, CardActionArea, CardContent, CardMedia, Dialog, IconButton, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../app/errors';
import { ListStatus } from '../../components/records/RecordsPage';
import { helpPlayerUrl, helpThumbnailUrl, useListHelpsQuery, type Help } from './helps.api';

/** /helps (spec 2 §2, every user): the help videos as cards; a card opens its video full screen, Escape closes it. */
export default function HelpsPage() {
  const { t } = useTranslation();
  const { data: helps = [], isLoading, error } = useListHelpsQuery();
  const [playing, setPlaying] = useState<Help | null>(null);
  useEffect(() => {
    if (error) toastError(error);
  }, [error]);

  return (
    <Box sx={{ height: '100%', overflow: 'auto', p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
        {t('helps.title')}
      </Typography>
      <ListStatus
        loading={isLoading}
        empty={!isLoading && helps.length === 0}
        title={t('helps.empty.title')}
        message={t('helps.empty.message')}
      />
      <Box
        component="ul"
        aria-label={t('helps.title')}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}
      >
        {helps.map((help) => (
          <Box component="li" key={help.id}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea
                onClick={() => setPlaying(help)}
                disabled={!help.video}
                aria-label={t('helps.watch', { title: help.title })}
                sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}
              >
                <Box sx={{ position: 'relative', aspectRatio: '16 / 9', bgcolor: 'grey.900' }}>
                  {help.video ? (
                    <CardMedia
                      component="img"
                      image={helpThumbnailUrl(help.video)}
                      alt=""
                      // Offline or an unknown video: the dark frame with the play icon, not a broken image.
                      onError={(event) => (event.currentTarget.style.visibility = 'hidden')}
                      sx={{ height: '100%', objectFit: 'cover' }}
                    />
                  ) : null}
                  <PlayCircleOutlineIcon
                    sx={{ position: 'absolute', inset: 0, m: 'auto', fontSize: 56, color: 'common.white', opacity: 0.85 }}
                  />
                </Box>
                <CardContent>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
                    {help.title}
                  </Typography>
                  {help.description ? (
                    <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                      {help.description}
                    </Typography>
                  ) : null}
                </CardContent>
              </CardActionArea>
            </Card>
          </Box>
        ))}
      </Box>
      <HelpVideoModal help={playing} onClose={() => setPlaying(null)} />
    </Box>
  );
}

/** The chosen video over the whole window, under a bar with its title; the close button or Escape ends it. */
function HelpVideoModal(props: { help: Help | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { help } = props;
  return (
    <Dialog
      open={Boolean(help)}
      onClose={props.onClose}
      fullScreen
      aria-labelledby="help-video-title"
      slotProps={{ paper: { sx: { bgcolor: 'common.black', color: 'common.white' } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1 }}>
        <Typography id="help-video-title" variant="h6" component="h2" noWrap sx={{ flex: 1 }}>
          {help?.title}
        </Typography>
        <IconButton onClick={props.onClose} aria-label={t('common.close')} sx={{ color: 'common.white' }}>
          <CloseIcon />
        </IconButton>
      </Box>
      {help?.video ? (
        <Box
          component="iframe"
          src={helpPlayerUrl(help.video)}
          title={help.title}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
          sx={{ border: 0, flex: 1, width: '100%' }}
        />
      ) : null}
    </Dialog>
  );
}
