import { useQueuesQuery } from '../../queues/queues.api';
import type { QueueOption } from './pane.api';

/** The queues a ticket can go to (transfer, reopen): all of the company's, from GET /queue. */
export function useQueueOptions(): { queues: QueueOption[]; isLoading: boolean } {
  const { data = [], isLoading } = useQueuesQuery();
  return { queues: data, isLoading };
}
