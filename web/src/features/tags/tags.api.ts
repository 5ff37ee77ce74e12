import { api } from '../../app/api';
import { realtime } from '../../app/realtime';
import { matchesSearch, nextPageNumber, removeRecord, upsertRecord } from '../../components/records/paged-cache';
import type { Tag, TagEvent } from '@switchboard/sdk/contracts';

export type { Tag };

export interface TagInput {
  name: string;
  color: string | null;
  kanban: number;
}

interface TagsPage {
  tags: Tag[];
  hasMore: boolean;
  count: number;
}

export const tagsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /tags/list: every tag of the company, for pickers and filters. */
    listAllTags: build.query<Tag[], void>({ query: () => 'tags/list', providesTags: ['Tag'] }),
    /** POST /tags/sync: with a ticketId the ticket's tags (card, drawer, kanban), else the contact's. */
    syncContactTags: build.mutation<unknown, { contactId: number; ticketId?: number; tags: { id: number }[] }>({
      query: (body) => ({ url: 'tags/sync', method: 'POST', body }),
      invalidatesTags: ['Tag', 'Contact', 'Ticket'],
    }),
    /** The tags page: GET /tags page by page (20 each, with usage counts), kept live from the 'tag' socket event. */
    tagsPage: build.infiniteQuery<TagsPage, { searchParam?: string; kanban?: 1 }, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPageNumber },
      query: ({ queryArg: { searchParam, kanban }, pageParam }) => ({
        url: 'tags',
        params: { pageNumber: pageParam, ...(searchParam ? { searchParam } : {}), ...(kanban ? { kanban } : {}) },
      }),
      providesTags: ['Tag'],
      async onCacheEntryAdded(args, { updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        await cacheDataLoaded.catch(() => undefined);
        const off = realtime.on('tag', (event: TagEvent) =>
          updateCachedData((draft) => {
            const pages = (page: TagsPage) => page.tags;
            // The kanban tags page keeps only lanes: a tag that stops being one leaves it.
            if (event.action === 'delete') removeRecord(draft, pages, event.tagId);
            else if (args.kanban && event.tag.kanban !== 1) removeRecord(draft, pages, event.tag.id);
            else {
              const insert = event.action === 'create' && matchesSearch(args.searchParam, event.tag.name);
              if (upsertRecord(draft, pages, event.tag, insert) && event.action === 'create') draft.pages[0].count += 1;
            }
          }),
        );
        await cacheEntryRemoved;
        off();
      },
    }),
    tag: build.query<Tag, number>({ query: (id) => `tags/${id}`, providesTags: (_result, _error, id) => [{ type: 'Tag', id }] }),
    createTag: build.mutation<Tag, TagInput>({
      query: (body) => ({ url: 'tags', method: 'POST', body }),
      invalidatesTags: ['Tag'],
    }),
    updateTag: build.mutation<Tag, Partial<TagInput> & { id: number }>({
      query: ({ id, ...body }) => ({ url: `tags/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Tag', 'Contact', 'Ticket'],
    }),
    deleteTag: build.mutation<void, number>({
      query: (id) => ({ url: `tags/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Tag', 'Contact', 'Ticket'],
    }),
  }),
});

export const {
  useListAllTagsQuery,
  useSyncContactTagsMutation,
  useTagsPageInfiniteQuery,
  useTagQuery,
  useCreateTagMutation,
  useUpdateTagMutation,
  useDeleteTagMutation,
} = tagsApi;
