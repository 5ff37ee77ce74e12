import type {
  DashboardAttendanceSeries,
  DashboardOverview,
  DashboardQueueTotal,
  DashboardRatings,
  DashboardTopAttendant,
  DashboardUserTotal,
} from '@switchboard/sdk/contracts';
import { api } from '../../app/api';
import type { PeriodParams } from './dashboard-filter';

// The dashboard's calls (spec 2 §7): each reads the period the filter applied; none is kept once the page leaves.
const read = (path: string) => (params: PeriodParams) => ({ url: path, params });

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboardOverview: build.query<DashboardOverview, PeriodParams>({ query: read('dashboard'), keepUnusedDataFor: 0 }),
    dashboardAttendance: build.query<DashboardAttendanceSeries, PeriodParams>({
      query: read('dashboard/total-atendimentos'),
      keepUnusedDataFor: 0,
    }),
    dashboardQueues: build.query<DashboardQueueTotal[], PeriodParams>({ query: read('dashboard/queues'), keepUnusedDataFor: 0 }),
    dashboardUsers: build.query<DashboardUserTotal[], PeriodParams>({ query: read('dashboard/ticketsUsers'), keepUnusedDataFor: 0 }),
    dashboardTopAttendant: build.query<DashboardTopAttendant, PeriodParams>({ query: read('dashboard/user-info'), keepUnusedDataFor: 0 }),
    dashboardRatings: build.query<DashboardRatings, PeriodParams>({ query: read('dashboard/nps-info'), keepUnusedDataFor: 0 }),
  }),
});

export const {
  useDashboardOverviewQuery,
  useDashboardAttendanceQuery,
  useDashboardQueuesQuery,
  useDashboardUsersQuery,
  useDashboardTopAttendantQuery,
  useDashboardRatingsQuery,
} = dashboardApi;
