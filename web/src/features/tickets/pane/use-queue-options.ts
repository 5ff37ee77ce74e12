import { useMemo } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { useListUsersQuery } from '../../users/users.api';
import { usePaneQueuesQuery, type QueueOption } from './pane.api';

/**
 * The queues a ticket can go to. GET /queue when the server answers it; core has no queue route yet, so until then
 * the queues known through the users (GET /users/list with their queues) and the session user stand in.
 */
export function useQueueOptions(): { queues: QueueOption[]; isLoading: boolean } {
  const me = useAppSelector((state) => state.auth.user);
  const queuesQuery = usePaneQueuesQuery();
  const usersQuery = useListUsersQuery(undefined, { skip: !queuesQuery.isError });
  const queues = useMemo(() => {
    if (queuesQuery.data) return queuesQuery.data;
    const byId = new Map<number, QueueOption>();
    for (const queue of [...(me?.queues ?? []), ...(usersQuery.data ?? []).flatMap((user) => user.queues ?? [])]) byId.set(queue.id, queue);
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [queuesQuery.data, usersQuery.data, me?.queues]);
  return { queues, isLoading: queuesQuery.isLoading || usersQuery.isLoading };
}
