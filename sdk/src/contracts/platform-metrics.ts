/**
 * The super user's platform metrics (spec 2 §3 Admin metrics, §7 GET /admin/metrics), as the server answers them and
 * the web shows them. Clients are every company but the platform's own (company 1). Definitions are in
 * core/src/modules/platform-metrics and on the page's help text.
 */
export interface PlatformMetrics {
  /** Active companies whose due date has not passed. */
  activeClients: number;
  /** Active companies past their due date (or without one): those sent to the open invoices page at sign-in. */
  delinquentClients: number;
  /** Active companies without a sign-in (or, never signed in, since creation) for 7 or more days. */
  inactiveClients: number;
  /** Clients' connections in any status but CONNECTED. */
  disconnectedConnections: number;
  /** Clients' connections CONNECTED. */
  activeConnections: number;
  /** Clients' users. */
  totalUsers: number;
  /** Monthly recurring revenue now, BRL. */
  mrr: number;
  /** Last month's churn, a fraction from 0 to 1. */
  churn: number;
}
