/**
 * The dashboard's figures (spec 2 §2, §7), as the server answers them and the web draws them. A period selects
 * tickets by arrival; times are seconds, null when nothing was measured.
 */

/** The cards of the indicators tab. */
export interface DashboardCounters {
  /** Waiting for an attendant (pending, or asked for consent). */
  supportPending: number;
  /** Being attended (open). */
  supportHappening: number;
  /** Closed after an attendant accepted them (Chats Concluídos). */
  supportFinished: number;
  /** Closed without ever being accepted: by a chatbot, a timer or from the queue (Chats Encerrados). */
  supportClosed: number;
  /** Contacts created in the period. */
  leads: number;
  /** Arrival to first acceptance, averaged over accepted tickets. */
  avgWaitTime: number | null;
  /** First acceptance to close, averaged over closed attended tickets. */
  avgSupportTime: number | null;
  /** The company's due date (ISO), null when it has none. */
  dueDate: string | null;
}

/** A row of the attendants table; ratings are those received in the period. */
export interface DashboardAttendant {
  id: number;
  name: string;
  online: boolean;
  /** Tickets of the period the attendant holds or held. */
  tickets: number;
  /** Average rating, 1 to 5. */
  rating: number | null;
  countRating: number;
  avgWaitTime: number | null;
  avgSupportTime: number | null;
}

/** GET /dashboard. */
export interface DashboardOverview {
  counters: DashboardCounters;
  /** Busiest first. */
  attendants: DashboardAttendant[];
}

/** GET /dashboard/total-atendimentos: tickets by day, or by hour when the period is one day; empty slots included. */
export interface DashboardAttendanceSeries {
  byHour: boolean;
  /** `YYYY-MM-DD`, or `HH` (00 to 23) by hour, in the company's time zone. */
  points: { at: string; total: number }[];
}

/** GET /dashboard/queues: tickets per queue (queue null: without a queue). */
export interface DashboardQueueTotal {
  queue: { id: number; name: string; color: string } | null;
  total: number;
}

/** GET /dashboard/ticketsUsers: tickets per attendant. */
export interface DashboardUserTotal {
  user: { id: number; name: string };
  total: number;
}

/** GET /dashboard/user-info: the period's top attendant (most tickets, then best rating), null when none. */
export interface DashboardTopAttendant {
  attendant: DashboardAttendant | null;
}

/**
 * GET /dashboard/nps-info: ratings received in the period. boa 4–5, media 3, ruim 1–2; nps is the share of good
 * minus the share of bad, -100 to 100 (null without ratings).
 */
export interface DashboardRatings {
  boa: number;
  media: number;
  ruim: number;
  total_notas: number;
  nps: number | null;
}

/** GET /dashboard/atendimentos-encerrados: the period's closed tickets, attended or not. */
export interface DashboardClosings {
  total: number;
  attended: number;
  unattended: number;
}
