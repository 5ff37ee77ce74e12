import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { ReportRoutes } from './reports.routes.js';
import { TicketReportExport } from './ticket-report-export.js';
import { TicketReport } from './ticket-report.service.js';

export const reportsModule = new ContainerModule((bind) => {
  bind(TicketReport).toSelf();
  bind(TicketReportExport).toSelf();
  bind(RouteContribution).to(ReportRoutes);
});
