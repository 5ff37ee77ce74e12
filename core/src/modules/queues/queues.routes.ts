import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { adminOnly, signedIn } from '../../platform/http/access.js';
import { idParam, validate } from '../../platform/http/validation.js';
import { QUEUE_NOT_FOUND } from './queue-views.js';
import { createQueueSchema, updateQueueSchema } from './queues.schema.js';
import { QueuesService } from './queues.service.js';

/**
 * Queues (spec 2 §7 "Queues and chatbot"). Every user reads the company's queues (transfer, filters); admins change
 * them. A `companyId` in the query is ignored: always the caller's company.
 */
@injectable()
export class QueuesRoutes implements RouteContribution {
  readonly area = 'queues';

  constructor(@inject(QueuesService) private readonly queues: QueuesService) {}

  register(api: ApiRouter): void {
    api.get('/queue', signedIn, ({ auth }) => this.queues.list({ auth }));

    api.get('/queue/:id', signedIn, ({ auth, params }) => this.queues.show({ auth, queueId: idParam(params.id, QUEUE_NOT_FOUND) }));

    api.post('/queue', adminOnly, async ({ auth, body }) => this.queues.create({ auth, input: await validate(createQueueSchema, body) }), {
      status: 201,
    });

    api.put('/queue/:id', adminOnly, async ({ auth, params, body }) => {
      const queueId = idParam(params.id, QUEUE_NOT_FOUND);
      return this.queues.update({ auth, queueId, input: await validate(updateQueueSchema, body) });
    });

    api.delete('/queue/:id', adminOnly, async ({ auth, params }) => {
      await this.queues.remove({ auth, queueId: idParam(params.id, QUEUE_NOT_FOUND) });
      return { message: 'Queue deleted' };
    });
  }
}
