import { api } from '../../app/api';
import { realtime } from '../../app/realtime';
import type { ServiceHoursEntry } from '../../components/service-hours/service-hours';

/** Spec 2 §3 chatbot option types: reply with text, hand to an attendant, a queue, an integration or a file. */
export type ChatbotOptionType = 'text' | 'attendent' | 'queue' | 'integration' | 'file';

/** One option of a queue's chatbot menu, with its nested options (the next level). */
export interface ChatbotOption {
  id: number;
  name: string;
  queueId: number | null;
  chatbotId: number | null;
  greetingMessage: string;
  queueType: ChatbotOptionType;
  optQueueId: number | null;
  optUserId: number | null;
  optIntegrationId: number | null;
  optFileId: number | null;
  closeTicket: boolean;
  options: ChatbotOption[];
}

export interface Queue {
  id: number;
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  orderQueue: number | null;
  ativarRoteador: boolean;
  tempoRoteador: number;
  integrationId: number | null;
  fileListId: number | null;
  promptId: number | null;
  closeTicket: boolean;
  schedules: ServiceHoursEntry[];
  chatbots: ChatbotOption[];
  createdAt: string;
  updatedAt: string;
}

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

/** The 'queue' socket event of the company room. */
type QueueEvent = { action: 'create' | 'update'; queue: Queue } | { action: 'delete'; queueId: number };

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
    /** GET /queueIntegration: the integrations a queue or an option can hand the conversation to. */
    queueIntegrations: build.query<NamedRecord[], void>({
      query: () => 'queueIntegration',
      transformResponse: (answer: { queueIntegrations: NamedRecord[] }) => answer.queueIntegrations,
    }),
    /** GET /prompt: the AI prompts a queue can use. */
    prompts: build.query<NamedRecord[], void>({
      query: () => 'prompt',
      transformResponse: (answer: { prompts: NamedRecord[] }) => answer.prompts,
    }),
    /** GET /files: the file lists a queue or a 'file' option can send. */
    fileLists: build.query<NamedRecord[], void>({
      query: () => 'files',
      transformResponse: (answer: { files: NamedRecord[] }) => answer.files,
    }),
  }),
});

export const {
  useQueuesQuery,
  useQueueQuery,
  useCreateQueueMutation,
  useUpdateQueueMutation,
  useDeleteQueueMutation,
  useQueueIntegrationsQuery,
  usePromptsQuery,
  useFileListsQuery,
} = queuesApi;
