import { useEffect, useRef, useState } from 'react';
import { Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import BrokenImageOutlined from '@mui/icons-material/BrokenImageOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import PersonOutline from '@mui/icons-material/PersonOutline';
import { useTranslation } from 'react-i18next';
import { downloadMedia, mediaFileName, useMediaBlob } from './use-media-blob';
import { playableAudio } from './audio-source';
import type { ContactCard } from '../vcard';

/** Spec 1 §9: image preview 250 by 200. */
const PREVIEW = { width: 250, height: 200 };

function Unavailable() {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ color: 'text.secondary', py: 1 }}>
      <BrokenImageOutlined fontSize="small" />
      <Typography variant="body2">{t('messages.media.unavailable')}</Typography>
    </Stack>
  );
}

function Loading({ width = PREVIEW.width, height = 60 }: { width?: number; height?: number }) {
  return (
    <Box sx={{ width, height, maxWidth: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <CircularProgress size={24} />
    </Box>
  );
}

export function ImageMessage({ mediaUrl, onOpen }: { mediaUrl: string; onOpen: () => void }) {
  const { t } = useTranslation();
  const { url, failed } = useMediaBlob(mediaUrl);
  if (failed) return <Unavailable />;
  if (!url) return <Loading height={PREVIEW.height} />;
  return (
    <Box
      component="button"
      type="button"
      onClick={onOpen}
      aria-label={t('messages.media.openImage')}
      sx={{ p: 0, border: 0, background: 'none', cursor: 'zoom-in', display: 'block', maxWidth: '100%' }}
    >
      <Box
        component="img"
        src={url}
        alt={t('messages.media.image')}
        sx={{ width: PREVIEW.width, height: PREVIEW.height, maxWidth: '100%', objectFit: 'cover', borderRadius: 1, display: 'block' }}
      />
    </Box>
  );
}

const SPEEDS = [0.5, 1, 1.5, 2];
const SPEED_KEY = 'audioPlaybackRate';

function storedSpeed(): number {
  const value = Number(localStorage.getItem(SPEED_KEY));
  return SPEEDS.includes(value) ? value : 1;
}

/** Audio with the speed cycle 0.5 → 1 → 1.5 → 2 → 0.5, remembered (spec 1 §4). */
export function AudioMessage({ mediaUrl }: { mediaUrl: string }) {
  const { t } = useTranslation();
  const { url, failed } = useMediaBlob(playableAudio(mediaUrl));
  const [speed, setSpeed] = useState(storedSpeed);
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    if (audio.current) audio.current.playbackRate = speed;
  }, [speed, url]);
  // Spec 1 §8: an audio that cannot be read is logged and not shown.
  useEffect(() => {
    if (failed) console.warn('Invalid audio URL', mediaUrl);
  }, [failed, mediaUrl]);
  if (failed) return null;
  if (!url) return <Loading />;
  const cycle = () => {
    const next = SPEEDS[(SPEEDS.indexOf(speed) + 1) % SPEEDS.length];
    localStorage.setItem(SPEED_KEY, String(next));
    setSpeed(next);
  };
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ maxWidth: '100%' }}>
      <Box component="audio" ref={audio} controls src={url} sx={{ width: 250, maxWidth: '100%', height: 40 }} />
      <Button size="small" variant="outlined" onClick={cycle} aria-label={t('messages.media.speed', { speed })} sx={{ minWidth: 48 }}>
        {speed}x
      </Button>
    </Stack>
  );
}

export function VideoMessage({ mediaUrl }: { mediaUrl: string }) {
  const { url, failed } = useMediaBlob(mediaUrl);
  if (failed) return <Unavailable />;
  if (!url) return <Loading height={PREVIEW.height} />;
  return <Box component="video" controls src={url} sx={{ width: PREVIEW.width, maxHeight: 300, maxWidth: '100%', borderRadius: 1 }} />;
}

export function DocumentMessage({ mediaUrl }: { mediaUrl: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const name = mediaFileName(mediaUrl);
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ py: 0.5, maxWidth: 300 }}>
      <InsertDriveFileOutlined color="action" />
      <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {name}
      </Typography>
      <Button
        size="small"
        startIcon={busy ? <CircularProgress size={14} /> : <DownloadOutlined />}
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          await downloadMedia(mediaUrl, name);
          setBusy(false);
        }}
      >
        {t('messages.media.download')}
      </Button>
    </Stack>
  );
}

/** A location's body: optional place name and address lines, then "latitude,longitude". */
export function LocationMessage({ body }: { body: string }) {
  const { t } = useTranslation();
  const lines = body.split('\n').filter(Boolean);
  const where = lines.at(-1) ?? '';
  const valid = /^-?\d+(\.\d+)?,\s*-?\d+(\.\d+)?$/.test(where.trim());
  const place = valid ? lines.slice(0, -1) : lines;
  return (
    <Stack direction="row" spacing={1} alignItems="flex-start" sx={{ py: 0.5 }}>
      <PlaceOutlined color="error" />
      <Box>
        {place.map((line) => (
          <Typography key={line} variant="body2">
            {line}
          </Typography>
        ))}
        {valid ? (
          <Link href={`https://maps.google.com/maps?q=${encodeURIComponent(where.trim())}`} target="_blank" rel="noopener noreferrer">
            {t('messages.media.openMap')}
          </Link>
        ) : null}
      </Box>
    </Stack>
  );
}

export function ContactCardMessage({
  cards,
  onTalkTo,
  busy,
}: {
  cards: ContactCard[];
  onTalkTo: (card: ContactCard) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} sx={{ py: 0.5, minWidth: 200 }}>
      {cards.map((card) => (
        <Stack key={`${card.name}-${card.number}`} spacing={0.5}>
          <Stack direction="row" spacing={1} alignItems="center">
            <PersonOutline color="action" />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" fontWeight={600}>
                {card.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {card.number}
              </Typography>
            </Box>
          </Stack>
          {card.number ? (
            <Button size="small" variant="outlined" disabled={busy} onClick={() => onTalkTo(card)}>
              {t('messages.options.talkTo')}
            </Button>
          ) : null}
        </Stack>
      ))}
    </Stack>
  );
}
