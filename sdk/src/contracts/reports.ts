import { wallClockAt } from './wall-clock.js';

/**
 * The ticket report (spec 3 §2.16, §3 "Report ticket row"), as the server answers it and the web shows and exports
 * it. Support time is seconds from first acceptance to close, null while the ticket is not closed or was never
 * accepted; NPS is the ticket's latest rating (1 to 5), null when unrated.
 */
export interface TicketReportRow {
  id: number;
  uuid: string;
  whatsappName: string | null;
  contactName: string | null;
  userName: string | null;
  queueName: string | null;
  status: string;
  lastMessage: string;
  createdAt: string;
  closedAt: string | null;
  supportTime: number | null;
  NPS: number | null;
}

/** GET /ticket/reports. timeZone is the company's: the zone the dates are shown in, on the page as in the export. */
export interface TicketReportPage {
  tickets: TicketReportRow[];
  totalTickets: { total: number };
  timeZone: string;
}

/** The page sizes the report offers (spec 3 §9), the first default being 10. */
export const REPORT_PAGE_SIZES = [5, 10, 20, 50] as const;
export const REPORT_DEFAULT_PAGE_SIZE = 10;

/** GET /ticket/reports/export answers the number of rows it is about to stream in this header, before the body. */
export const REPORT_ROWS_HEADER = 'X-Report-Rows';

/** A support time as HH:MM:SS (hours may pass 99); empty when there is none. */
export function supportTimeText(seconds: number | null): string {
  if (seconds === null || seconds < 0) return '';
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(Math.floor(seconds % 60))}`;
}

/** A moment of a report row as the company's wall clock shows it, DD/MM/YYYY HH:MM; empty when there is none. */
export function reportMomentText(instant: string | Date | null, timeZone: string): string {
  if (instant === null) return '';
  const at = wallClockAt(new Date(instant), timeZone);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(at.day)}/${two(at.month)}/${at.year} ${two(at.hour)}:${two(at.minute)}`;
}
