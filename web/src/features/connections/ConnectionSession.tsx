import { useEffect, useState } from 'react';
import { Box, Button, Chip, CircularProgress, LinearProgress, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { toastError } from '../../app/errors';
import { importState, sessionOffers } from './connection-status';
import { useCloseImportedTicketsMutation, useConnectionSessionMutation, type Connection } from './connections.api';

const STATUS_COLORS: Record<string, 'success' | 'warning' | 'error' | 'info'> = {
  CONNECTED: 'success',
  qrcode: 'info',
  OPENING: 'warning',
  PAIRING: 'warning',
  DISCONNECTED: 'error',
  TIMEOUT: 'error',
};

const KNOWN_STATUSES = new Set(Object.keys(STATUS_COLORS));

/** The connection's state as a chip, with what it means in its tooltip. */
export function ConnectionStatusChip(props: { status: string }) {
  const { t } = useTranslation();
  const known = KNOWN_STATUSES.has(props.status);
  const chip = (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLORS[props.status] ?? 'default'}
      label={known ? t(`connections.status.${props.status}.label`) : props.status}
    />
  );
  return known ? <Tooltip title={t(`connections.status.${props.status}.help`)}>{chip}</Tooltip> : chip;
}

/**
 * The session buttons of a connection's state (spec 2 §4) and its history import: try again and new QR when
 * disconnected, a disabled Connecting while opening, the QR button, disconnect; Preparing, progress, or closing
 * the imported tickets.
 */
export function ConnectionSession(props: {
  connection: Connection;
  pairsByQrCode: boolean;
  onShowQr: () => void;
  onDisconnect: () => void;
}) {
  const { t } = useTranslation();
  const { connection } = props;
  const [session, { isLoading }] = useConnectionSessionMutation();
  const run = (action: 'start' | 'newQr') => session({ id: connection.id, action }).unwrap().catch(toastError);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, alignItems: 'flex-start' }}>
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        {sessionOffers(connection.status, props.pairsByQrCode).map((offer) => {
          const label = t(`connections.buttons.${offer}`);
          const name = `${label}: ${connection.name}`;
          switch (offer) {
            case 'connecting':
              return (
                <Button key={offer} size="small" variant="outlined" disabled startIcon={<CircularProgress size={14} />} aria-label={name}>
                  {label}
                </Button>
              );
            case 'showQr':
              return (
                <Button key={offer} size="small" variant="contained" onClick={props.onShowQr} aria-label={name}>
                  {label}
                </Button>
              );
            case 'disconnect':
              return (
                <Button key={offer} size="small" variant="outlined" color="error" onClick={props.onDisconnect} aria-label={name}>
                  {label}
                </Button>
              );
            default:
              return (
                <Button
                  key={offer}
                  size="small"
                  variant={offer === 'tryAgain' ? 'contained' : 'outlined'}
                  disabled={isLoading}
                  onClick={() => void run(offer === 'tryAgain' ? 'start' : 'newQr')}
                  aria-label={name}
                >
                  {label}
                </Button>
              );
          }
        })}
      </Box>
      <ImportStatus connection={connection} />
    </Box>
  );
}

/** Spec 2 §4: the import's Preparing, its live progress, or the button closing the tickets it created. */
function ImportStatus(props: { connection: Connection }) {
  const { t } = useTranslation();
  const { connection } = props;
  const [now, setNow] = useState(() => Date.now());
  const state = importState(connection, now);
  const [closeImported, { isLoading }] = useCloseImportedTicketsMutation();
  // A Preparing shown from a start timestamp ends by itself after 35 s: look again now and then meanwhile.
  useEffect(() => {
    if (state.kind !== 'preparing') return;
    const timer = setInterval(() => setNow(Date.now()), 5000);
    return () => clearInterval(timer);
  }, [state.kind]);

  switch (state.kind) {
    case 'closeTickets':
      return (
        <Button
          size="small"
          color="warning"
          variant="outlined"
          disabled={isLoading}
          onClick={() =>
            closeImported(connection.id)
              .unwrap()
              .then(() => toast.success(t('connections.toasts.importClosed')))
              .catch(toastError)
          }
        >
          {t('connections.buttons.closeImported')}
        </Button>
      );
    case 'preparing':
      return (
        <Button size="small" variant="outlined" disabled startIcon={<CircularProgress size={14} />}>
          {t('connections.import.preparing')}
        </Button>
      );
    case 'progress':
      return (
        <Box sx={{ minWidth: 160 }}>
          <Typography variant="caption" color="text.secondary">
            {t('connections.import.progress', { processed: state.processed, total: state.total, percent: state.percent })}
          </Typography>
          <LinearProgress variant="determinate" value={state.percent} aria-label={t('connections.import.label')} />
        </Box>
      );
    default:
      return null;
  }
}
