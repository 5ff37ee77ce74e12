import { useEffect, useMemo, useRef, useState, type ReactNode, type TouchList } from 'react';
import { Box, CircularProgress, Dialog, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import RotateRight from '@mui/icons-material/RotateRight';
import ZoomIn from '@mui/icons-material/ZoomIn';
import ZoomOut from '@mui/icons-material/ZoomOut';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutline';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { useListImagesQuery } from './messages.api';
import { MessageText } from './message-text';
import { downloadMedia, mediaFileName, useMediaBlob } from './media/use-media-blob';

/** Spec 1 §5: zoom step 0.2 between 1 and 3; rotation step 90 degrees. */
const ZOOM = { step: 0.2, min: 1, max: 3 };
const clampZoom = (value: number) => Math.min(ZOOM.max, Math.max(ZOOM.min, Math.round(value * 10) / 10));
const fingerDistance = (touches: TouchList) => Math.hypot(touches[0].clientX - touches[1].clientX, touches[0].clientY - touches[1].clientY);

/** The ticket's images over the conversation: previous/next, zoom, rotate, download, go to the message. */
export function ImageGallery(props: {
  ticketId: number;
  messageId: number | null;
  onClose: () => void;
  onGoToMessage: (id: number) => void;
}) {
  const { t } = useTranslation();
  const open = props.messageId !== null;
  const { data, isFetching } = useListImagesQuery(props.ticketId, { skip: !open, refetchOnMountOrArgChange: true });
  // Oldest first, so "next" moves forward in the conversation.
  const images = useMemo(() => [...(data?.images ?? [])].filter((image) => image.mediaUrl).reverse(), [data]);
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);

  useEffect(() => {
    const found = images.findIndex((image) => image.id === props.messageId);
    setIndex(found >= 0 ? found : Math.max(images.length - 1, 0));
  }, [images, props.messageId]);
  useEffect(() => {
    setZoom(1);
    setRotation(0);
  }, [index]);

  const pinch = useRef<{ distance: number; zoom: number } | null>(null);
  const current = images[index];
  const { url } = useMediaBlob(open ? current?.mediaUrl : null);
  const go = (delta: number) => setIndex((value) => Math.min(images.length - 1, Math.max(0, value + delta)));

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') go(-1);
      if (event.key === 'ArrowRight') go(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const tool = (label: string, icon: ReactNode, onClick: () => void, disabled = false) => (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled} sx={{ color: 'common.white' }}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );

  return (
    <Dialog
      fullScreen
      open={open}
      onClose={props.onClose}
      slotProps={{ paper: { 'aria-label': t('messages.gallery.title'), sx: { bgcolor: 'rgba(0,0,0,.92)' } } }}
    >
      <Stack direction="row" alignItems="center" sx={{ p: 1, color: 'common.white', flexWrap: 'wrap' }}>
        <Typography sx={{ flex: 1, minWidth: 120, px: 1 }} variant="body2">
          {current ? `${index + 1} / ${images.length} · ${format(new Date(current.createdAt), 'dd/MM/yyyy HH:mm')}` : ''}
        </Typography>
        {tool(t('messages.gallery.zoomOut'), <ZoomOut />, () => setZoom((value) => clampZoom(value - ZOOM.step)), zoom <= ZOOM.min)}
        {tool(t('messages.gallery.zoomIn'), <ZoomIn />, () => setZoom((value) => clampZoom(value + ZOOM.step)), zoom >= ZOOM.max)}
        {tool(t('messages.gallery.rotate'), <RotateRight />, () => setRotation((value) => (value + 90) % 360))}
        {tool(
          t('messages.gallery.download'),
          <DownloadOutlined />,
          () => current?.mediaUrl && void downloadMedia(current.mediaUrl, mediaFileName(current.mediaUrl, 'image')),
          !current,
        )}
        {tool(t('messages.gallery.goToMessage'), <ChatBubbleOutline />, () => current && props.onGoToMessage(current.id), !current)}
        {tool(t('common.close'), <Close />, props.onClose)}
      </Stack>
      <Box
        sx={{ flex: 1, position: 'relative', overflow: 'hidden', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        onWheel={(event) => setZoom((value) => clampZoom(value + (event.deltaY < 0 ? ZOOM.step : -ZOOM.step)))}
        onTouchStart={(event) => {
          if (event.touches.length === 2) pinch.current = { distance: fingerDistance(event.touches), zoom };
        }}
        onTouchMove={(event) => {
          if (event.touches.length === 2 && pinch.current)
            setZoom(clampZoom((pinch.current.zoom * fingerDistance(event.touches)) / pinch.current.distance));
        }}
        onTouchEnd={() => (pinch.current = null)}
        style={{ touchAction: 'none' }}
      >
        {isFetching && !images.length ? <CircularProgress /> : null}
        {!isFetching && !images.length ? <Typography color="common.white">{t('messages.gallery.empty')}</Typography> : null}
        {current && !url ? <CircularProgress /> : null}
        {current && url ? (
          <Box
            component="img"
            src={url}
            alt={t('messages.media.image')}
            // Inline: a new class for every zoom step would pile up styles.
            style={{ transform: `scale(${zoom}) rotate(${rotation}deg)` }}
            sx={{
              maxWidth: '100%',
              maxHeight: '100%',
              objectFit: 'contain',
              transition: 'transform .2s',
            }}
          />
        ) : null}
        <IconButton
          aria-label={t('messages.gallery.previous')}
          onClick={() => go(-1)}
          disabled={index <= 0}
          sx={{ position: 'absolute', left: 8, color: 'common.white', bgcolor: 'rgba(0,0,0,.4)' }}
        >
          <ChevronLeft />
        </IconButton>
        <IconButton
          aria-label={t('messages.gallery.next')}
          onClick={() => go(1)}
          disabled={index >= images.length - 1}
          sx={{ position: 'absolute', right: 8, color: 'common.white', bgcolor: 'rgba(0,0,0,.4)' }}
        >
          <ChevronRight />
        </IconButton>
      </Box>
      {current?.body ? (
        <Typography align="center" sx={{ color: 'common.white', p: 1.5, whiteSpace: 'pre-wrap' }}>
          <MessageText text={current.body} />
        </Typography>
      ) : null}
    </Dialog>
  );
}
