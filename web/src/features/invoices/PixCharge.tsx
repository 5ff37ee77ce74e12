import { useRef } from 'react';
import { Alert, Box, CircularProgress, IconButton, InputAdornment, Stack, TextField, Tooltip, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { format } from 'date-fns';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { SubscriptionAnswer } from '@switchboard/sdk/contracts';
import { formatBrl } from './brl';

const QR_SIZE = 200;

/**
 * The Pix screen after PAGAR (spec 2 §3): the QR code (the provider's image, or drawn from the code), the
 * copy-and-paste code with its copy button, the amount, and the wait for the payment until it is confirmed.
 */
export function PixCharge(props: { charge: SubscriptionAnswer; confirmed: boolean }) {
  const { t } = useTranslation();
  const code = props.charge.qrcode.qrcode;
  const image = props.charge.qrcode.imagemQrcode;
  const codeField = useRef<HTMLInputElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast.success(t('invoices.pix.copied'));
    } catch {
      // Clipboard refused (an insecure page, a denied permission): the code is selected for a manual copy.
      codeField.current?.select();
      toast.info(t('invoices.pix.copyManually'));
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: 'center' }}>
        <Box sx={{ p: 1, bgcolor: '#fff', borderRadius: 1, border: 1, borderColor: 'divider', lineHeight: 0, flexShrink: 0 }}>
          {image ? (
            <Box
              component="img"
              src={`data:image/png;base64,${image}`}
              alt={t('invoices.pix.image')}
              sx={{ width: QR_SIZE, height: QR_SIZE, imageRendering: 'pixelated' }}
            />
          ) : (
            <QRCodeSVG value={code} size={QR_SIZE} role="img" aria-label={t('invoices.pix.image')} />
          )}
        </Box>
        <Stack spacing={1} sx={{ textAlign: { xs: 'center', sm: 'left' } }}>
          <Typography variant="h6" component="h3">
            {t('invoices.pix.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('invoices.pix.instructions')}
          </Typography>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {t('invoices.pix.amount')}
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
              {formatBrl(props.charge.valor.original)}
            </Typography>
            {props.charge.expiresAt ? (
              <Typography variant="caption" color="text.secondary">
                {t('invoices.pix.expiresAt', { date: format(new Date(props.charge.expiresAt), 'dd/MM/yyyy HH:mm') })}
              </Typography>
            ) : null}
          </Box>
        </Stack>
      </Stack>
      <TextField
        label={t('invoices.pix.code')}
        value={code}
        fullWidth
        multiline
        maxRows={3}
        inputRef={codeField}
        onFocus={(event) => event.target.select()}
        slotProps={{
          htmlInput: { readOnly: true, style: { fontFamily: 'monospace', fontSize: 13 } },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={t('invoices.pix.copy')}>
                  <IconButton aria-label={t('invoices.pix.copy')} onClick={() => void copy()} edge="end">
                    <ContentCopyIcon />
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      {props.confirmed ? (
        <Alert severity="success" sx={{ width: '100%' }}>
          {t('invoices.pix.confirmed')}
        </Alert>
      ) : (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, color: 'text.secondary' }}>
          <CircularProgress size={18} />
          <Typography variant="body2">{t('invoices.pix.waiting')}</Typography>
        </Box>
      )}
    </Stack>
  );
}
