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

/** Runs a probe and turns its failure into an error report instead of a thrown error. */
export async function probeHealth(implementation: string, probe: () => Promise<unknown>): Promise<PortHealth> {
  try {
    await probe();
    return { status: 'ok', implementation };
  } catch (error) {
    return { status: 'error', implementation, detail: error instanceof Error ? error.message : String(error) };
  }
}
