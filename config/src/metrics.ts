import * as yup from 'yup';
import { readVariable, variable } from './variable.js';

export const metricsVariables = {
  token: variable({
    env: 'METRICS_TOKEN',
    doc: 'Bearer token that opens GET /metrics (Prometheus text format) to a scraper. Unset: /metrics does not exist.',
    defaultText: '—',
    // Long enough that it cannot be guessed: the page shows the installation's traffic.
    schema: yup.string().min(16, 'must be at least 16 characters long').optional(),
  }),
};

export interface MetricsConfig {
  /** Undefined: the metrics page is off. */
  token?: string;
}

export function loadMetricsConfig(env: NodeJS.ProcessEnv = process.env): MetricsConfig {
  return { token: readVariable(metricsVariables.token, env) as string | undefined };
}
