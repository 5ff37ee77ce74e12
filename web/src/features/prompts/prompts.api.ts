import { api } from '../../app/api';
import { realtime } from '../../app/realtime';
import { applyRecordChange, matchesSearch, nextPageNumber } from '../../components/records/paged-cache';
import type { RecordSource } from '../../components/records/RecordPicker';
import type { Prompt, PromptEvent } from '@switchboard/sdk/contracts';

export type { Prompt };

/** The body of POST and PUT /prompt (spec 3 §3); what the AI plugin declares beyond these goes in `settings`. */
export type PromptInput = Omit<Prompt, 'id' | 'queue' | 'createdAt' | 'updatedAt'>;

export interface PromptsPage {
  prompts: Prompt[];
  count: number;
  hasMore: boolean;
}

export const promptsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /prompt page by page: the screen's list and the pickers, kept live from the 'prompt' event. */
    promptsPage: build.infiniteQuery<PromptsPage, { searchParam?: string }, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPageNumber },
      query: ({ queryArg: { searchParam }, pageParam }) => ({
        url: 'prompt',
        params: { pageNumber: pageParam, ...(searchParam ? { searchParam } : {}) },
      }),
      providesTags: ['Prompt'],
      async onCacheEntryAdded(args, { updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        await cacheDataLoaded.catch(() => undefined);
        const off = realtime.on('prompt', (event: PromptEvent) =>
          updateCachedData((draft) =>
            applyRecordChange(
              draft,
              (page) => page.prompts,
              event.action === 'delete' ? { action: 'delete', id: event.promptId } : { action: event.action, record: event.prompt },
              (prompt) => matchesSearch(args.searchParam, prompt.name),
            ),
          ),
        );
        await cacheEntryRemoved;
        off();
      },
    }),
    prompt: build.query<Prompt, number>({
      query: (id) => `prompt/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Prompt', id }],
    }),
    createPrompt: build.mutation<Prompt, PromptInput>({
      query: (body) => ({ url: 'prompt', method: 'POST', body }),
      invalidatesTags: ['Prompt'],
    }),
    updatePrompt: build.mutation<Prompt, Partial<PromptInput> & { id: number }>({
      query: ({ id, ...body }) => ({ url: `prompt/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Prompt'],
    }),
    deletePrompt: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `prompt/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Prompt', 'Queue', 'Connection'],
    }),
  }),
});

export const { usePromptsPageInfiniteQuery, usePromptQuery, useCreatePromptMutation, useUpdatePromptMutation, useDeletePromptMutation } =
  promptsApi;

/** The prompts a queue or a connection picks from, searched by name. */
export const promptPicks: RecordSource<PromptsPage, Prompt> = {
  usePages: usePromptsPageInfiniteQuery,
  items: (page) => page.prompts,
  useRecord: usePromptQuery,
};
