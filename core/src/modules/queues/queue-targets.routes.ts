import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { signedIn } from '../../platform/http/access.js';
import { pageNumber, validate } from '../../platform/http/validation.js';
import { listTargetsSchema } from './queues.schema.js';
import { QueueTargetsService } from './queue-targets.service.js';

/** The file lists the queue dialog picks from (spec 2 §7), for everyone; integrations and prompts have their own module. */
@injectable()
export class QueueTargetsRoutes implements RouteContribution {
  readonly area = 'queues';

  constructor(@inject(QueueTargetsService) private readonly targets: QueueTargetsService) {}

  register(api: ApiRouter): void {
    api.get('/files', signedIn, async ({ auth, query }) => {
      const { searchParam } = await validate(listTargetsSchema, query);
      return this.targets.files({ auth, searchParam, pageNumber: pageNumber(query.pageNumber) });
    });
  }
}
