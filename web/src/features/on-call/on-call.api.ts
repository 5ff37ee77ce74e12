import { api } from '../../app/api';
import { nextPageNumber } from '../../components/records/paged-cache';

export type WeekdayEn = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

/** One weekday of an on-call entry: both times "HH:MM", or both "" (no shift that day). */
export interface OnCallDay {
  weekday: string;
  weekdayEn: WeekdayEn;
  startTime: string;
  endTime: string;
}

/** An on-call entry (spec 3 §3) as GET /plantao answers it. */
export interface OnCallEntry {
  id: number;
  userId: number;
  user: { id: number; name: string };
  phone: string;
  interval: number;
  days: OnCallDay[];
}

export interface OnCallInput {
  userId: number;
  phone: string;
  interval: number;
  days: Pick<OnCallDay, 'weekdayEn' | 'startTime' | 'endTime'>[];
}

interface OnCallPage {
  records: OnCallEntry[];
  count: number;
  hasMore: boolean;
}

export const onCallApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The /plantao page: GET /plantao page by page (the page refetches it after a change). */
    onCallRecords: build.infiniteQuery<OnCallPage, void, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPageNumber },
      query: ({ pageParam }) => ({ url: 'plantao', params: { pageNumber: pageParam } }),
    }),
    onCallEntry: build.query<OnCallEntry, number>({ query: (id) => `plantao/${id}` }),
    createOnCallEntry: build.mutation<OnCallEntry, OnCallInput>({
      query: (body) => ({ url: 'plantao', method: 'POST', body }),
    }),
    updateOnCallEntry: build.mutation<OnCallEntry, OnCallInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `plantao/${id}`, method: 'PUT', body }),
    }),
    deleteOnCallEntry: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `plantao/${id}`, method: 'DELETE' }),
    }),
  }),
});

export const {
  useOnCallRecordsInfiniteQuery,
  useOnCallEntryQuery,
  useCreateOnCallEntryMutation,
  useUpdateOnCallEntryMutation,
  useDeleteOnCallEntryMutation,
} = onCallApi;
