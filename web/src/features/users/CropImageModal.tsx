import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Cropper, { type Area } from 'react-easy-crop';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Slider, Typography } from '@mui/material';

const OUTPUT_SIZE = 512;

/** Draws the chosen area of the image onto a square canvas and answers it as a PNG. */
async function cropToBlob(source: string, area: Area): Promise<Blob> {
  const image = new Image();
  image.src = source;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = OUTPUT_SIZE;
  canvas.height = OUTPUT_SIZE;
  canvas.getContext('2d')!.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, OUTPUT_SIZE, OUTPUT_SIZE);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('crop failed'))), 'image/png'));
}

/** The profile picture crop (spec 1 §5): confirming needs a selected area. */
export function CropImageModal(props: { image: string | null; onClose: () => void; onCropped: (image: Blob) => void }) {
  const { t } = useTranslation();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!props.image || !area) return;
    setBusy(true);
    try {
      props.onCropped(await cropToBlob(props.image, area));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={Boolean(props.image)} onClose={props.onClose} fullWidth maxWidth="xs" aria-labelledby="crop-image-title">
      <DialogTitle id="crop-image-title">{t('users.crop.title')}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ position: 'relative', height: 300, bgcolor: 'grey.900', borderRadius: 1, overflow: 'hidden' }}>
          {props.image ? (
            <Cropper
              image={props.image}
              crop={crop}
              zoom={zoom}
              aspect={1}
              cropShape="round"
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_relative, pixels) => setArea(pixels.width > 0 && pixels.height > 0 ? pixels : null)}
            />
          ) : null}
        </Box>
        <Typography variant="caption" color="text.secondary" id="crop-zoom-label">
          {t('users.crop.zoom')}
        </Typography>
        <Slider
          value={zoom}
          min={1}
          max={3}
          step={0.1}
          onChange={(_e, value) => setZoom(value as number)}
          aria-labelledby="crop-zoom-label"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => void confirm()} disabled={!area || busy}>
          {t('users.crop.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
