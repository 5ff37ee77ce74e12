import { api } from '../../app/api';
import { realtime } from '../../app/realtime';
import { matchesSearch, nextPageNumber, removeRecord, upsertRecord } from '../../components/records/paged-cache';
import type { QuickMessage, QuickMessageEvent } from '@switchboard/sdk/contracts';

export type { QuickMessage };

export interface QuickMessageInput {
  shortcode: string;
  message: string | null;
  geral?: boolean;
  status?: 'active' | 'inactive';
  isCategory?: boolean;
  categoryId?: number | null;
}

interface QuickMessagesPage {
  records: QuickMessage[];
  hasMore: boolean;
  count: number;
}

export const quickMessagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /quick-messages/categoriesMessages: the category entries, for the form, the page's filter and the composer. */
    quickMessageCategories: build.query<QuickMessage[], void>({
      query: () => 'quick-messages/categoriesMessages',
      providesTags: ['QuickMessage'],
    }),
    /** GET /quick-messages/list: what the composer's "/" offers. */
    listAllQuickMessages: build.query<QuickMessage[], void>({ query: () => 'quick-messages/list', providesTags: ['QuickMessage'] }),
    /** The quick replies page: GET /quick-messages page by page, kept live from the 'quickMessage' socket event. */
    quickMessagesPage: build.infiniteQuery<QuickMessagesPage, { searchParam?: string; categoryId?: number }, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPageNumber },
      query: ({ queryArg: { searchParam, categoryId }, pageParam }) => ({
        url: 'quick-messages',
        params: { pageNumber: pageParam, ...(searchParam ? { searchParam } : {}), ...(categoryId ? { categoryId } : {}) },
      }),
      providesTags: ['QuickMessage'],
      async onCacheEntryAdded(args, { updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        await cacheDataLoaded.catch(() => undefined);
        const off = realtime.on('quickMessage', (event: QuickMessageEvent) =>
          updateCachedData((draft) => {
            const pages = (page: QuickMessagesPage) => page.records;
            if (event.action === 'delete') removeRecord(draft, pages, event.id);
            else {
              const inCategory = !args.categoryId || event.record.categoryId === args.categoryId;
              const insert =
                event.action === 'create' && inCategory && matchesSearch(args.searchParam, event.record.shortcode, event.record.message);
              if (upsertRecord(draft, pages, event.record, insert) && event.action === 'create') draft.pages[0].count += 1;
            }
          }),
        );
        await cacheEntryRemoved;
        off();
      },
    }),
    createQuickMessage: build.mutation<QuickMessage, QuickMessageInput>({
      query: (body) => ({ url: 'quick-messages', method: 'POST', body }),
      invalidatesTags: ['QuickMessage'],
    }),
    updateQuickMessage: build.mutation<QuickMessage, Partial<QuickMessageInput> & { id: number }>({
      query: ({ id, ...body }) => ({ url: `quick-messages/${id}`, method: 'PUT', body }),
      invalidatesTags: ['QuickMessage'],
    }),
    deleteQuickMessage: build.mutation<void, number>({
      query: (id) => ({ url: `quick-messages/${id}`, method: 'DELETE' }),
      invalidatesTags: ['QuickMessage'],
    }),
    /** POST /quick-messages/:id/media-upload (multipart `file`): attaches or replaces the reply's file. */
    attachQuickMessageMedia: build.mutation<QuickMessage, { id: number; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append('typeArch', 'quickMessage');
        body.append('file', file);
        return { url: `quick-messages/${id}/media-upload`, method: 'POST', body };
      },
      invalidatesTags: ['QuickMessage'],
    }),
    detachQuickMessageMedia: build.mutation<QuickMessage, number>({
      query: (id) => ({ url: `quick-messages/${id}/media-upload`, method: 'DELETE' }),
      invalidatesTags: ['QuickMessage'],
    }),
  }),
});

export const {
  useQuickMessageCategoriesQuery,
  useListAllQuickMessagesQuery,
  useQuickMessagesPageInfiniteQuery,
  useCreateQuickMessageMutation,
  useUpdateQuickMessageMutation,
  useDeleteQuickMessageMutation,
  useAttachQuickMessageMediaMutation,
  useDetachQuickMessageMediaMutation,
} = quickMessagesApi;
