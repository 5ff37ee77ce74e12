import type { TenantScope } from '../../platform/database/model.js';

export const MenuOwners = Symbol('MenuOwners');
/**
 * The queues that own chatbot menus, as the chatbot needs them. The queues module binds it: a change of an option
 * is a change of its queue for the clients.
 */
export interface MenuOwners {
  /** 404 ERR_NO_QUEUE_FOUND unless the scope's company has this queue. */
  assertQueue(scope: TenantScope, queueId: number): Promise<void>;
  /** The queue as it now is is announced (after a change of its menu); a queue deleted meanwhile is not. */
  announceUpdate(companyId: number, queueId: number): Promise<void>;
}
