import { withTimeout } from './deadline.js';

/** What every port reports on GET /health. */
export interface PortHealth {
  status: 'ok' | 'error';
  /** Which implementation is live, e.g. 'pglite' or 'postgres'. */
  implementation: string;
  detail?: string;
}

export interface Port {
  readonly implementation: string;
  health(): Promise<PortHealth>;
  close(): Promise<void>;
}

/** How long a health probe may take: a balancer's check (often 2 s) must get its answer, 503 included, in time. */
export const HEALTH_PROBE_TIMEOUT_MS = 800;

/** Runs a probe and turns its failure, or its silence past HEALTH_PROBE_TIMEOUT_MS, into an error report. */
export async function probeHealth(implementation: string, probe: () => Promise<unknown>): Promise<PortHealth> {
  try {
    await withTimeout(probe(), HEALTH_PROBE_TIMEOUT_MS, `no answer within ${HEALTH_PROBE_TIMEOUT_MS} ms`);
    return { status: 'ok', implementation };
  } catch (error) {
    return { status: 'error', implementation, detail: error instanceof Error ? error.message : String(error) };
  }
}
