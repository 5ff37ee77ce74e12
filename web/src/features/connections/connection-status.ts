import type { Connection } from './connections.api';

/** statusImportMessages when the import is over and its tickets may be closed (spec 2 §4). */
export const IMPORT_FINISHED = 'renderButtonCloseTickets';

/** What the session column offers in each state (spec 2 §4). */
export type SessionOffer = 'tryAgain' | 'newQr' | 'connecting' | 'showQr' | 'disconnect';

/**
 * DISCONNECTED: try again, and a new QR code on channels that pair by QR; OPENING: a disabled Connecting;
 * qrcode: the QR button; CONNECTED, PAIRING and TIMEOUT: disconnect.
 */
export function sessionOffers(status: string, pairsByQrCode: boolean): SessionOffer[] {
  switch (status) {
    case 'DISCONNECTED':
      return pairsByQrCode ? ['tryAgain', 'newQr'] : ['tryAgain'];
    case 'OPENING':
      return ['connecting'];
    case 'qrcode':
      return ['showQr'];
    case 'CONNECTED':
    case 'PAIRING':
    case 'TIMEOUT':
      return ['disconnect'];
    default:
      return [];
  }
}

/** Spec 2 §9: a statusImportMessages timestamp this recent shows a disabled Preparing button. */
const PREPARING_MS = 35_000;

export type ImportState =
  | { kind: 'closeTickets' }
  | { kind: 'preparing' }
  | { kind: 'progress'; processed: number; total: number; percent: number }
  | { kind: 'none' };

/**
 * How a connection's history import shows in its row (spec 2 §4): the close-imported-tickets button once the
 * import is over; Preparing while the live progress says -1 or while a start timestamp is under 35 s old;
 * otherwise the live "processed of total" with its percentage.
 */
export function importState(connection: Pick<Connection, 'statusImportMessages' | 'importProgress'>, now: number): ImportState {
  const status = connection.statusImportMessages;
  if (status === IMPORT_FINISHED) return { kind: 'closeTickets' };
  const progress = connection.importProgress;
  if (progress) {
    if (progress.this < 0) return { kind: 'preparing' };
    const total = Math.max(progress.all, 0);
    const percent = total > 0 ? Math.min(100, Math.floor((progress.this / total) * 100)) : 0;
    return { kind: 'progress', processed: progress.this, total, percent };
  }
  const startedAt = status && /^\d+$/.test(status) ? Number(status) : NaN;
  if (Number.isFinite(startedAt) && now - startedAt < PREPARING_MS) return { kind: 'preparing' };
  return { kind: 'none' };
}
