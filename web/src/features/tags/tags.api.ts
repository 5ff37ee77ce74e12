import { api } from '../../app/api';

export interface Tag {
  id: number;
  name: string;
  color: string | null;
  [field: string]: unknown;
}

export const tagsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /tags/list: every tag of the company, for pickers and filters. */
    listAllTags: build.query<Tag[], void>({ query: () => 'tags/list', providesTags: ['Tag'] }),
    syncContactTags: build.mutation<unknown, { contactId: number; ticketId?: number; tags: { id: number }[] }>({
      query: (body) => ({ url: 'tags/sync', method: 'POST', body }),
      invalidatesTags: ['Tag', 'Contact', 'Ticket'],
    }),
  }),
});

export const { useListAllTagsQuery, useSyncContactTagsMutation } = tagsApi;
