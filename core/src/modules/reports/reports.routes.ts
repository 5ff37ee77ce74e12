import { inject, injectable } from '@switchboard/sdk';
import { REPORT_ROWS_HEADER } from '@switchboard/sdk/contracts';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import type { Access } from '../../platform/http/access.js';
import { validate } from '../../platform/http/validation.js';
import { ticketReportFiltersSchema, ticketReportPageSchema } from './reports.schema.js';
import { REPORT_FILE_NAME, TicketReportExport } from './ticket-report-export.js';
import { TicketReport } from './ticket-report.service.js';

/** Reports: admins, or users with showDashboard enabled, who count as admins here (spec 2 §6). */
const reportAccess: Access = { profiles: ['admin'], orPermission: 'showDashboard' };

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The ticket report (spec 3 §2.16, §7 Reports) and its export. */
@injectable()
export class ReportRoutes implements RouteContribution {
  readonly area = 'reports';

  constructor(
    @inject(TicketReport) private readonly report: TicketReport,
    @inject(TicketReportExport) private readonly reportExport: TicketReportExport,
  ) {}

  register(api: ApiRouter): void {
    api.get('/ticket/reports', reportAccess, async ({ auth, query }) =>
      this.report.page({ auth, filters: await validate(ticketReportPageSchema, query) }),
    );

    // Progress: the row count goes out in a header before the body, and the page estimates from the bytes it has
    // read. A socket-reported export job would need a stored file and a second request; one streamed answer keeps
    // nothing on the server and ends when the client does.
    api.get('/ticket/reports/export', reportAccess, async ({ auth, query, res }) => {
      const filters = await validate(ticketReportFiltersSchema, query);
      try {
        await this.reportExport.write({
          auth,
          filters,
          output: res,
          starting: (rows) => {
            res.status(200);
            res.setHeader('Content-Type', XLSX_TYPE);
            res.setHeader('Content-Disposition', `attachment; filename="${REPORT_FILE_NAME}"`);
            res.setHeader(REPORT_ROWS_HEADER, String(rows));
          },
        });
      } catch (error) {
        // Once the workbook has started there is no JSON error to send: cut the download short.
        if (!res.headersSent) throw error;
        res.destroy(error instanceof Error ? error : undefined);
      }
    });
  }
}
