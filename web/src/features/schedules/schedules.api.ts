import { api } from '../../app/api';
import { realtime } from '../../app/realtime';
import { matchesSearch, nextPageNumber, removeRecord, upsertRecord } from '../../components/records/paged-cache';
import type { ScheduleStatus, Schedule, ScheduleEvent } from '@switchboard/sdk/contracts';

export type { ScheduleStatus, Schedule };

export interface ScheduleInput {
  body: string;
  contactId: number;
  /** ISO date-time, in the future. */
  sendAt: string;
  ticketId?: number | null;
  whatsappId?: number | null;
}

interface SchedulesPage {
  schedules: Schedule[];
  hasMore: boolean;
  count: number;
}

export interface SchedulesPageArgs {
  searchParam?: string;
  contactId?: number;
}

/** Whether a schedule is past changing: core refuses to save a sent one (ERR_SCHEDULE_ALREADY_SENT). */
export function isSent(schedule: Pick<Schedule, 'sentAt' | 'status'> | undefined): boolean {
  return Boolean(schedule && (schedule.sentAt || schedule.status === 'ENVIADA'));
}

export const schedulesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /schedules page by page (20 each, latest sendAt first), kept live from the 'schedule' socket event. */
    schedulesPage: build.infiniteQuery<SchedulesPage, SchedulesPageArgs, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPageNumber },
      query: ({ queryArg: { searchParam, contactId }, pageParam }) => ({
        url: 'schedules',
        params: { pageNumber: pageParam, ...(searchParam ? { searchParam } : {}), ...(contactId ? { contactId } : {}) },
      }),
      providesTags: ['Schedule'],
      async onCacheEntryAdded(args, { updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        await cacheDataLoaded.catch(() => undefined);
        const off = realtime.on('schedule', (event: ScheduleEvent) =>
          updateCachedData((draft) => {
            const pages = (page: SchedulesPage) => page.schedules;
            if (event.action === 'delete') {
              removeRecord(draft, pages, event.scheduleId);
              return;
            }
            const fits =
              (!args.contactId || event.schedule.contactId === args.contactId) &&
              matchesSearch(args.searchParam, event.schedule.contact?.name);
            if (upsertRecord(draft, pages, event.schedule, event.action === 'create' && fits) && event.action === 'create')
              draft.pages[0].count += 1;
          }),
        );
        await cacheEntryRemoved;
        off();
      },
    }),
    schedule: build.query<Schedule, number>({
      query: (id) => `schedules/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Schedule', id }],
    }),
    createSchedule: build.mutation<Schedule, ScheduleInput>({
      query: (body) => ({ url: 'schedules', method: 'POST', body }),
      invalidatesTags: ['Schedule'],
    }),
    updateSchedule: build.mutation<Schedule, Partial<ScheduleInput> & { id: number }>({
      query: ({ id, ...body }) => ({ url: `schedules/${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => ['Schedule', { type: 'Schedule', id }],
    }),
    deleteSchedule: build.mutation<void, number>({
      query: (id) => ({ url: `schedules/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Schedule'],
    }),
  }),
});

export const {
  useSchedulesPageInfiniteQuery,
  useScheduleQuery,
  useCreateScheduleMutation,
  useUpdateScheduleMutation,
  useDeleteScheduleMutation,
} = schedulesApi;
