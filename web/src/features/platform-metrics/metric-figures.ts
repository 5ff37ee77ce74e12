import type { PlatformMetrics } from '@switchboard/sdk/contracts';
import { formatPlanAmount } from '../plans/plan-amount';

/** The cards of /admin-metrics, in display order; each is `adminMetrics.cards.<key>` with its hint. */
export const metricCards = [
  'activeClients',
  'delinquentClients',
  'inactiveClients',
  'activeConnections',
  'disconnectedConnections',
  'totalUsers',
  'mrr',
  'churn',
] as const satisfies readonly (keyof PlatformMetrics)[];

/** Churn as a percentage with one decimal in the interface language (0.125 is 12,5 % in pt-BR). */
export function formatChurn(fraction: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(fraction);
}

/** A card's figure: MRR in BRL (spec 2 §9, pt-BR format in every language), churn in percent, counts as numbers. */
export function metricFigure(metrics: PlatformMetrics, card: (typeof metricCards)[number], language: string): string {
  if (card === 'mrr') return formatPlanAmount(metrics.mrr);
  if (card === 'churn') return formatChurn(metrics.churn, language);
  return new Intl.NumberFormat(language).format(metrics[card]);
}
