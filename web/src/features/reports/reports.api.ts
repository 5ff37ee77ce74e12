import type { TicketReportPage } from '@switchboard/sdk/contracts';
import { api } from '../../app/api';
import { downloadBlob } from '../contacts/contacts.api';
import { exportProgress, readExport } from './export-progress';

/** The report's filters (spec 3 §2.16): a chosen contact or a typed contact text, lists of ids and statuses, days. */
export interface ReportFilters {
  contactId?: number;
  searchParam?: string;
  whatsappId: number[];
  status: string[];
  users: number[];
  tags: number[];
  queueIds: number[];
  dateFrom: string;
  dateTo: string;
}

export const REPORT_FILE_NAME = 'relatorio-de-atendimentos.xlsx';

/** The filters as the query string carries them: lists as JSON arrays (spec 3 §7 Reports), empty ones left out. */
function reportParams(filters: ReportFilters): Record<string, string | number> {
  const params: Record<string, string | number> = { dateFrom: filters.dateFrom, dateTo: filters.dateTo };
  if (filters.contactId) params.contactId = filters.contactId;
  if (filters.searchParam) params.searchParam = filters.searchParam;
  for (const key of ['whatsappId', 'status', 'users', 'tags', 'queueIds'] as const) {
    if (filters[key].length > 0) params[key] = JSON.stringify(filters[key]);
  }
  return params;
}

/** Reads the streamed workbook with its progress shown, then hands it to the browser. */
async function downloadReport(response: Response): Promise<unknown> {
  if (!response.ok || !response.body) return response.json().catch(() => null);
  downloadBlob(await readExport(response, exportProgress), REPORT_FILE_NAME);
  return null;
}

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /ticket/reports: one page of rows and the total. */
    ticketReport: build.query<TicketReportPage, { filters: ReportFilters; page: number; pageSize: number }>({
      query: ({ filters, page, pageSize }) => ({ url: 'ticket/reports', params: { ...reportParams(filters), page, pageSize } }),
      keepUnusedDataFor: 0,
    }),
    /** GET /ticket/reports/export: every row of the filters as the server's streamed workbook. */
    exportTicketReport: build.mutation<null, ReportFilters>({
      query: (filters) => ({ url: 'ticket/reports/export', params: reportParams(filters), responseHandler: downloadReport }),
    }),
  }),
});

export const { useTicketReportQuery, useExportTicketReportMutation } = reportsApi;
