import { inject, injectable } from '@switchboard/sdk';
import type { ServerToClientEvents } from '@switchboard/sdk/contracts';
import { CompanyCache } from '../../platform/cache/company-cache.js';
import { AppError } from '../../platform/http/app-error.js';
import { RealtimeBus, rooms, type Sendable } from '../../platform/realtime/realtime-bus.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import type { TenantScope } from '../../platform/database/model.js';
import { menusOf, type MenuOwners } from '../chatbot/index.js';
import { QueueModel } from './queue.model.js';

export const QUEUE_NOT_FOUND = 'ERR_NO_QUEUE_FOUND';

/** The company-room `queue` event (spec 2 §7 live events). */
export type QueueEvent = { action: 'create' | 'update'; queue: QueueModel } | { action: 'delete'; queueId: number };

/**
 * Queues as answered and announced: the row with its whole chatbot menu. The chatbot's MenuOwners too, since a
 * change of an option is a change of its queue for the clients.
 */
@injectable()
export class QueueViews implements MenuOwners {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
    @inject(Logger) private readonly logger: Logger,
    @inject(CompanyCache) private readonly cache: CompanyCache,
  ) {}

  /** Every queue of the company by orderQueue (unset last), then name, each with its menu. */
  async list(companyId: number): Promise<QueueModel[]> {
    const scope = this.tenancy.of(companyId);
    const queues = await scope.query<QueueModel>(QueueModel).orderByRaw('queues.order_queue asc nulls last, lower(queues.name), queues.id');
    const menus = await menusOf(
      scope,
      queues.map((queue) => queue.id),
    );
    for (const queue of queues) queue.chatbots = menus.get(queue.id) ?? [];
    return queues;
  }

  async show(companyId: number, queueId: number): Promise<QueueModel> {
    const scope = this.tenancy.of(companyId);
    const queue = await scope.findOrFail<QueueModel>(QueueModel, queueId, QUEUE_NOT_FOUND);
    queue.chatbots = (await menusOf(scope, [queueId])).get(queueId) ?? [];
    return queue;
  }

  async assertQueue(scope: TenantScope, queueId: number): Promise<void> {
    await scope.findOrFail<QueueModel>(QueueModel, queueId, QUEUE_NOT_FOUND);
  }

  announce(companyId: number, event: QueueEvent): void {
    // A connection's queues (and their order) are cached for routing; this node forgets them at once, the others soon.
    this.cache.invalidate(companyId).catch((error) => this.logger.warn({ err: error }, 'could not invalidate cached queues'));
    try {
      // The model types a weekday as any string; the stored values are the contract's names.
      this.realtime.emit(rooms.company(companyId), 'queue', event as Sendable<ServerToClientEvents['queue']>);
    } catch (error) {
      this.logger.warn({ err: error }, 'could not announce a queue change');
    }
  }

  /** Announces a queue as it now is (after a change of its menu); a queue deleted meanwhile is not announced. */
  async announceUpdate(companyId: number, queueId: number): Promise<void> {
    try {
      this.announce(companyId, { action: 'update', queue: await this.show(companyId, queueId) });
    } catch (error) {
      if (!(error instanceof AppError)) this.logger.warn({ err: error }, 'could not announce a queue change');
    }
  }
}
