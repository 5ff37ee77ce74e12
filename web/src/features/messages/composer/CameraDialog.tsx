import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Takes a photo with the device camera (getUserMedia) and hands it over as a JPEG file. */
export function CameraDialog(props: { open: boolean; sending: boolean; onClose: () => void; onSend: (file: File) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [failed, setFailed] = useState(false);
  const [photo, setPhoto] = useState<{ file: File; url: string } | null>(null);

  useEffect(() => {
    if (!props.open || photo) return;
    let active: MediaStream | null = null;
    let cancelled = false;
    setFailed(false);
    navigator.mediaDevices
      ?.getUserMedia({ video: true, audio: false })
      .then((media) => {
        if (cancelled) return media.getTracks().forEach((track) => track.stop());
        active = media;
        setStream(media);
      })
      .catch(() => !cancelled && setFailed(true));
    if (!navigator.mediaDevices) setFailed(true);
    return () => {
      cancelled = true;
      active?.getTracks().forEach((track) => track.stop());
      setStream(null);
    };
  }, [props.open, photo]);

  useEffect(() => {
    if (video.current && stream) video.current.srcObject = stream;
  }, [stream]);

  useEffect(() => {
    if (!props.open) setPhoto(null);
  }, [props.open]);
  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.url) : undefined), [photo]);

  const capture = () => {
    const element = video.current;
    if (!element) return;
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    canvas.getContext('2d')?.drawImage(element, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (!blob) return;
        const file = new File([blob], `photo-${Date.now()}.jpg`, { type: 'image/jpeg' });
        setPhoto({ file, url: URL.createObjectURL(blob) });
      },
      'image/jpeg',
      0.9,
    );
  };

  return (
    <Dialog open={props.open} onClose={props.sending ? undefined : props.onClose} fullWidth maxWidth="sm" aria-labelledby="camera-title">
      <DialogTitle id="camera-title">{t('messages.camera.title')}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', justifyContent: 'center', bgcolor: 'common.black', p: 0 }}>
        {failed ? (
          <Alert severity="error" sx={{ m: 2, flex: 1 }}>
            {t('messages.camera.unavailable')}
          </Alert>
        ) : photo ? (
          <Box component="img" src={photo.url} alt={t('messages.camera.photo')} sx={{ maxWidth: '100%', maxHeight: '60vh' }} />
        ) : stream ? (
          <Box component="video" ref={video} autoPlay playsInline muted sx={{ maxWidth: '100%', maxHeight: '60vh' }} />
        ) : (
          <CircularProgress sx={{ m: 4 }} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={props.sending}>
          {t('common.cancel')}
        </Button>
        {photo ? (
          <>
            <Button onClick={() => setPhoto(null)} disabled={props.sending}>
              {t('messages.camera.retake')}
            </Button>
            <Button
              variant="contained"
              onClick={() => props.onSend(photo.file)}
              disabled={props.sending}
              startIcon={props.sending ? <CircularProgress size={16} /> : null}
            >
              {t('messages.input.send')}
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={capture} disabled={!stream}>
            {t('messages.camera.capture')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
