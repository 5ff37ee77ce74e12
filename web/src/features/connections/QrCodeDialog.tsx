import { useEffect, useRef } from 'react';
import { Box, CircularProgress, Dialog, DialogContent, DialogTitle, Typography } from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import type { Connection } from './connections.api';

/**
 * The QR code of a connection waiting to be paired (spec 2 §4). It follows the live list, so a new code replaces
 * the old one, and it closes itself once a live update empties the code (the phone read it, or the session ended).
 */
export function QrCodeDialog(props: { connection: Connection | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { connection, onClose } = props;
  const code = connection?.qrcode ?? '';
  const shown = useRef(false);
  useEffect(() => {
    if (!connection) {
      shown.current = false;
      return;
    }
    if (code) shown.current = true;
    else if (shown.current || connection.status === 'CONNECTED') {
      shown.current = false;
      onClose();
    }
  }, [connection, code, onClose]);

  return (
    <Dialog open={Boolean(connection)} onClose={onClose} aria-labelledby="qrcode-dialog-title">
      <DialogTitle id="qrcode-dialog-title">{t('connections.qrcode.title', { name: connection?.name ?? '' })}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t('connections.qrcode.message')}
        </Typography>
        <Box sx={{ p: 2, bgcolor: '#fff', borderRadius: 1, minWidth: 256, minHeight: 256, display: 'grid', placeItems: 'center' }}>
          {code ? (
            <QRCodeSVG value={code} size={256} role="img" aria-label={t('connections.qrcode.image')} />
          ) : (
            <CircularProgress aria-label={t('connections.qrcode.waiting')} />
          )}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
