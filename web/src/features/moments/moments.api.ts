import { api } from '../../app/api';
import type { Ticket } from '@switchboard/sdk/contracts';

/** A column of the screen: how many tickets it holds and its first page of cards, newest activity first. */
export interface MomentsColumn {
  count: number;
  tickets: Ticket[];
  hasMore: boolean;
}

/** GET /dashboard/moments (spec 2 §7): the pending column and one column per attendant. */
export interface Moments {
  pending: MomentsColumn;
  attendants: (MomentsColumn & { user: { id: number; name: string } })[];
}

export const momentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    moments: build.query<Moments, void>({ query: () => 'dashboard/moments', keepUnusedDataFor: 0 }),
  }),
});

export const { useMomentsQuery } = momentsApi;
