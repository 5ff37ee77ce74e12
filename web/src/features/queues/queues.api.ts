import { api } from '../../app/api';
import { realtime } from '../../app/realtime';
import { nextPageNumber } from '../../components/records/paged-cache';
import type { RecordSource } from '../../components/records/RecordPicker';
import type { ChatbotOptionType, ChatbotOption, Queue, QueueEvent } from '@switchboard/sdk/contracts';

export type { ChatbotOptionType, ChatbotOption, Queue };

/** An option as sent in a queue's `chatbots`: the whole tree replaces the saved one; a kept option keeps its id. */
export type ChatbotOptionInput = Omit<ChatbotOption, 'id' | 'queueId' | 'chatbotId' | 'options'> & {
  id?: number;
  options: ChatbotOptionInput[];
};

export type QueueInput = Omit<Queue, 'id' | 'createdAt' | 'updatedAt' | 'chatbots'> & { chatbots: ChatbotOptionInput[] };

export interface NamedRecord {
  id: number;
  name: string;
}

interface FileListsPage {
  files: NamedRecord[];
  count: number;
  hasMore: boolean;
}

/** Spec 2 §7: GET /queue is ordered by orderQueue (unset last), then name; a live change keeps that order. */
function byQueueOrder(a: Queue, b: Queue): number {
  const order = (queue: Queue) => queue.orderQueue ?? Number.POSITIVE_INFINITY;
  return order(a) - order(b) || a.name.localeCompare(b.name);
}

export const queuesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /queue: the company's queues with their chatbot menus, kept live from the 'queue' socket event. */
    queues: build.query<Queue[], void>({
      query: () => 'queue',
      providesTags: ['Queue'],
      async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const off = realtime.on('queue', (event: QueueEvent) =>
          updateCachedData((queues) => {
            if (event.action === 'delete') return queues.filter((queue) => queue.id !== event.queueId);
            if (!event.queue) return;
            const others = queues.filter((queue) => queue.id !== event.queue.id);
            return [...others, event.queue].sort(byQueueOrder);
          }),
        );
        await cacheEntryRemoved;
        off();
      },
    }),
    queue: build.query<Queue, number>({
      query: (id) => `queue/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Queue', id }],
    }),
    createQueue: build.mutation<Queue, QueueInput>({
      query: (body) => ({ url: 'queue', method: 'POST', body }),
      invalidatesTags: ['Queue'],
    }),
    updateQueue: build.mutation<Queue, Partial<QueueInput> & { id: number }>({
      query: ({ id, ...body }) => ({ url: `queue/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Queue'],
    }),
    deleteQueue: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `queue/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Queue'],
    }),
    /** GET /files page by page: the file lists a queue or a 'file' option can send. */
    fileListsPage: build.infiniteQuery<FileListsPage, { searchParam?: string }, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPageNumber },
      query: ({ queryArg: { searchParam }, pageParam }) => ({
        url: 'files',
        params: { pageNumber: pageParam, ...(searchParam ? { searchParam } : {}) },
      }),
      providesTags: ['FileList'],
    }),
  }),
});

export const {
  useQueuesQuery,
  useQueueQuery,
  useCreateQueueMutation,
  useUpdateQueueMutation,
  useDeleteQueueMutation,
  useFileListsPageInfiniteQuery,
} = queuesApi;

/** The file lists a queue or a chatbot option picks from, searched by name. */
export const fileListPicks: RecordSource<FileListsPage, NamedRecord> = {
  usePages: useFileListsPageInfiniteQuery,
  items: (page) => page.files,
};
