import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { signedIn, superOnly } from '../../platform/http/access.js';
import { idParam, pageNumber, validate } from '../../platform/http/validation.js';
import { PlanService } from './plan.service.js';
import { createPlanSchema, planSearchSchema, updatePlanSchema } from './plans.schema.js';

const NOT_FOUND = 'ERR_NO_PLAN_FOUND';

/** Spec 2 §7 "Plans": the public list serves sign-up; everything else but /plans/list is the super user's. */
@injectable()
export class PlanRoutes implements RouteContribution {
  readonly area = 'plans';

  constructor(@inject(PlanService) private readonly plans: PlanService) {}

  register(api: ApiRouter): void {
    api.get('/plans/list', signedIn, ({ auth }) => this.plans.listFor({ auth }));
    api.get('/plans/listPublic', 'public', () => this.plans.listPublic());
    api.get('/plans/all', superOnly, () => this.plans.all());

    api.get('/plans', superOnly, async ({ query }) => {
      const { searchParam } = await validate(planSearchSchema, query);
      return this.plans.page({ searchParam, pageNumber: pageNumber(query.pageNumber) });
    });

    api.get('/plans/:id', superOnly, ({ params }) => this.plans.show({ planId: idParam(params.id, NOT_FOUND) }));

    api.post('/plans', superOnly, async ({ body }) => this.plans.create({ input: await validate(createPlanSchema, body) }), {
      status: 201,
    });

    api.put('/plans/:id', superOnly, async ({ params, body }) => {
      const planId = idParam(params.id, NOT_FOUND);
      return this.plans.update({ planId, input: await validate(updatePlanSchema, body) });
    });

    api.delete('/plans/:id', superOnly, async ({ params }) => {
      await this.plans.remove({ planId: idParam(params.id, NOT_FOUND) });
      return { message: 'Operação realizada com sucesso!' };
    });
  }
}
