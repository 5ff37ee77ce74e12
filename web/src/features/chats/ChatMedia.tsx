import { useTranslation } from 'react-i18next';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import type { ChatMessage } from '@switchboard/sdk/contracts';
import { downloadMedia, useMediaBlob } from '../messages/media/use-media-blob';

/**
 * A chat message's file: a picture, a sound or a video is shown in place (the server told its kind by its bytes);
 * anything else is a download. Files are read with the bearer token (only the chat's members may).
 */
export function ChatMedia({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const name = message.mediaName ?? 'arquivo';
  const shown = message.mediaType === 'image' || message.mediaType === 'audio' || message.mediaType === 'video';
  const { url, failed } = useMediaBlob(shown ? message.mediaPath : null);

  if (!shown) {
    return (
      <Button
        size="small"
        variant="outlined"
        startIcon={<InsertDriveFileIcon />}
        onClick={() => void downloadMedia(message.mediaPath!, name)}
        aria-label={t('chats.media.download', { name })}
        sx={{ textTransform: 'none', maxWidth: '100%', justifyContent: 'flex-start' }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {name}
        </Box>
      </Button>
    );
  }
  if (failed) return <Typography variant="caption">{t('chats.media.unavailable')}</Typography>;
  if (!url) return <CircularProgress size={20} />;
  if (message.mediaType === 'audio') return <Box component="audio" controls src={url} sx={{ maxWidth: '100%' }} />;
  if (message.mediaType === 'video') return <Box component="video" controls src={url} sx={{ maxWidth: '100%', maxHeight: 280 }} />;
  return (
    <Box
      component="img"
      src={url}
      alt={name}
      onClick={() => void downloadMedia(message.mediaPath!, name)}
      sx={{ display: 'block', maxWidth: '100%', maxHeight: 240, borderRadius: 1, cursor: 'pointer' }}
    />
  );
}
