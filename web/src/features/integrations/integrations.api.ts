import { api } from '../../app/api';
import { realtime } from '../../app/realtime';
import { applyRecordChange, matchesSearch, nextPageNumber } from '../../components/records/paged-cache';
import type { RecordSource } from '../../components/records/RecordPicker';
import type { InstalledPlugins } from '../plans/plans.api';
import type { QueueIntegration, QueueIntegrationEvent } from '@switchboard/sdk/contracts';

export type { QueueIntegration };

/** An integration plugin as GET /plugins describes it: the dialog's fields come from its description (DESIGN §3). */
export type IntegrationPlugin = InstalledPlugins['integrations'][number];

/** The body of POST and PUT /queueIntegration: the spec's fields at the top, the plugin's other settings in `settings`. */
export type QueueIntegrationInput = { type: string; name: string; settings: Record<string, unknown> } & Record<string, unknown>;

export interface QueueIntegrationsPage {
  queueIntegrations: QueueIntegration[];
  count: number;
  hasMore: boolean;
}

export interface TestSessionResult {
  ok: boolean;
  message?: string;
}

export const integrationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /queueIntegration page by page: the screen's list and the pickers, kept live from the 'queueIntegration' event. */
    queueIntegrationsPage: build.infiniteQuery<QueueIntegrationsPage, { searchParam?: string }, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPageNumber },
      query: ({ queryArg: { searchParam }, pageParam }) => ({
        url: 'queueIntegration',
        params: { pageNumber: pageParam, ...(searchParam ? { searchParam } : {}) },
      }),
      providesTags: ['QueueIntegration'],
      async onCacheEntryAdded(args, { updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        await cacheDataLoaded.catch(() => undefined);
        const off = realtime.on('queueIntegration', (event: QueueIntegrationEvent) =>
          updateCachedData((draft) =>
            applyRecordChange(
              draft,
              (page) => page.queueIntegrations,
              event.action === 'delete'
                ? { action: 'delete', id: event.integrationId }
                : { action: event.action, record: event.queueIntegration },
              (integration) => matchesSearch(args.searchParam, integration.name),
            ),
          ),
        );
        await cacheEntryRemoved;
        off();
      },
    }),
    queueIntegration: build.query<QueueIntegration, number>({
      query: (id) => `queueIntegration/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'QueueIntegration', id }],
    }),
    createQueueIntegration: build.mutation<QueueIntegration, QueueIntegrationInput>({
      query: (body) => ({ url: 'queueIntegration', method: 'POST', body }),
      invalidatesTags: ['QueueIntegration'],
    }),
    updateQueueIntegration: build.mutation<QueueIntegration, QueueIntegrationInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `queueIntegration/${id}`, method: 'PUT', body }),
      invalidatesTags: ['QueueIntegration'],
    }),
    deleteQueueIntegration: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `queueIntegration/${id}`, method: 'DELETE' }),
      invalidatesTags: ['QueueIntegration', 'Queue', 'Connection'],
    }),
    /** POST /queueIntegration/testSession: the dialog's fields as typed, over the saved integration's (`id`). */
    testQueueIntegration: build.mutation<TestSessionResult, Partial<QueueIntegrationInput> & { id?: number }>({
      query: (body) => ({ url: 'queueIntegration/testSession', method: 'POST', body }),
    }),
  }),
});

export const {
  useQueueIntegrationsPageInfiniteQuery,
  useQueueIntegrationQuery,
  useCreateQueueIntegrationMutation,
  useUpdateQueueIntegrationMutation,
  useDeleteQueueIntegrationMutation,
  useTestQueueIntegrationMutation,
} = integrationsApi;

/** The integrations a queue, a connection or a chatbot option picks from, searched by name. */
export const queueIntegrationPicks: RecordSource<QueueIntegrationsPage, QueueIntegration> = {
  usePages: useQueueIntegrationsPageInfiniteQuery,
  items: (page) => page.queueIntegrations,
  useRecord: useQueueIntegrationQuery,
};
