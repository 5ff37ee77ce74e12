import { useEffect, useState } from 'react';
import { useListConnectionsQuery } from '../connections/connections.api';

/** Connection states that need someone's attention (spec 1 §2: the /connections '!' badge). */
const NEEDS_ATTENTION = new Set(['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING']);
const FIRST_CHECK_DELAY_MS = 2000;

/**
 * True when any connection needs attention. The first check runs 2 s after load (so the menu does not wait on it);
 * afterwards the socket keeps the connection list, and so the badge, current.
 */
export function useConnectionWarning(enabled: boolean): boolean {
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => setDue(true), FIRST_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled]);
  const { data } = useListConnectionsQuery(undefined, { skip: !enabled || !due });
  return Boolean(enabled && data?.some((connection) => NEEDS_ATTENTION.has(connection.status)));
}
