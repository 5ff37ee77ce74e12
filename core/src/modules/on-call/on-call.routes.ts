import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { adminOnly } from '../../platform/http/access.js';
import { idParam, pageNumber, validate } from '../../platform/http/validation.js';
import { onCallEntrySchema } from './on-call.schema.js';
import { OnCallService } from './on-call.service.js';

const NOT_FOUND = 'ERR_NO_ON_CALL_FOUND';

/** Spec 3 §7 "On-call schedules": the company's admins manage its on-call entries. */
@injectable()
export class OnCallRoutes implements RouteContribution {
  readonly area = 'on-call';

  constructor(@inject(OnCallService) private readonly onCall: OnCallService) {}

  register(api: ApiRouter): void {
    api.get('/plantao', adminOnly, ({ auth, query }) => this.onCall.page({ auth, pageNumber: pageNumber(query.pageNumber) }));

    api.get('/plantao/:id', adminOnly, ({ auth, params }) => this.onCall.show({ auth, onCallId: idParam(params.id, NOT_FOUND) }));

    api.post(
      '/plantao',
      adminOnly,
      async ({ auth, body }) => this.onCall.create({ auth, input: await validate(onCallEntrySchema, body) }),
      { status: 201 },
    );

    api.put('/plantao/:id', adminOnly, async ({ auth, params, body }) => {
      const onCallId = idParam(params.id, NOT_FOUND);
      return this.onCall.update({ auth, onCallId, input: await validate(onCallEntrySchema, body) });
    });

    api.delete('/plantao/:id', adminOnly, async ({ auth, params }) => {
      await this.onCall.remove({ auth, onCallId: idParam(params.id, NOT_FOUND) });
      return { message: 'Plantão removido com sucesso' };
    });
  }
}
