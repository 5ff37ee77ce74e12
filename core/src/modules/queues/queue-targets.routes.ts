import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContext, RouteContribution } from '../../platform/http/api-router.js';
import { adminOnly, signedIn, type Access } from '../../platform/http/access.js';
import { pageNumber, validate } from '../../platform/http/validation.js';
import { listTargetsSchema } from './queues.schema.js';
import { QueueTargetsService } from './queue-targets.service.js';

/** The lists the queue dialog picks from (spec 2 §7): integrations and prompts for admins, file lists for everyone. */
@injectable()
export class QueueTargetsRoutes implements RouteContribution {
  readonly area = 'queues';

  constructor(@inject(QueueTargetsService) private readonly targets: QueueTargetsService) {}

  register(api: ApiRouter): void {
    const list = (path: string, access: Access, read: 'integrations' | 'prompts' | 'files') =>
      api.get(path, access, async ({ auth, query }: RouteContext) => {
        const { searchParam } = await validate(listTargetsSchema, query);
        return this.targets[read]({ auth, searchParam, pageNumber: pageNumber(query.pageNumber) });
      });
    list('/queueIntegration', adminOnly, 'integrations');
    list('/prompt', adminOnly, 'prompts');
    list('/files', signedIn, 'files');
  }
}
