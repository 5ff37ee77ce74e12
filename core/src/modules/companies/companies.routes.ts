import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { adminOnly, signedIn, superOnly } from '../../platform/http/access.js';
import { idParam, pageNumber, validate } from '../../platform/http/validation.js';
import { companySchedulesSchema, companySearchSchema, createCompanySchema, updateCompanySchema } from './companies.schema.js';
import { CompanyRegistry } from './company-registry.service.js';
import { CompanyService } from './company.service.js';

const NOT_FOUND = 'ERR_NO_COMPANY_FOUND';

/** Spec 2 §7 "Companies". Management is for the super user; an admin reads its own company and sets its hours. */
@injectable()
export class CompanyRoutes implements RouteContribution {
  readonly area = 'companies';

  constructor(
    @inject(CompanyService) private readonly companies: CompanyService,
    @inject(CompanyRegistry) private readonly registry: CompanyRegistry,
  ) {}

  register(api: ApiRouter): void {
    api.post(
      '/companies',
      superOnly,
      async ({ body }) => {
        const input = await validate(createCompanySchema, body);
        const { company } = await this.registry.create({ input });
        return company;
      },
      { status: 201 },
    );

    api.get('/companies', superOnly, async ({ query }) => {
      const { searchParam } = await validate(companySearchSchema, query);
      return this.registry.page({ searchParam, pageNumber: pageNumber(query.pageNumber) });
    });

    api.get('/companies/list', superOnly, () => this.registry.all());

    // The plan flags and limits that build the menus: any signed-in user of the company, or the super user.
    api.get('/companies/listPlan/:companyId', signedIn, ({ auth, params }) =>
      this.companies.plan({ auth, companyId: idParam(params.companyId, NOT_FOUND) }),
    );

    api.get('/companiesPlan', superOnly, async ({ query }) => {
      const { searchParam } = await validate(companySearchSchema, query);
      const { companies, count, hasMore } = await this.registry.page({ searchParam, pageNumber: pageNumber(query.pageNumber) });
      return { companies, count, hasMore };
    });

    api.get('/companies/:id', adminOnly, ({ auth, params }) => this.companies.show({ auth, companyId: idParam(params.id, NOT_FOUND) }));

    api.put('/companies/:id', superOnly, async ({ params, body }) => {
      const companyId = idParam(params.id, NOT_FOUND);
      return this.registry.update({ companyId, input: await validate(updateCompanySchema, body) });
    });

    api.put('/companies/:id/schedules', adminOnly, async ({ auth, params, body }) => {
      const companyId = idParam(params.id, NOT_FOUND);
      const { schedules } = await validate(companySchedulesSchema, body);
      return this.companies.updateSchedules({ auth, companyId, schedules });
    });

    // Renewal button (spec 2 §4): the due date advances by the company's recurrence.
    api.post('/companies/:id/renew', superOnly, ({ params }) => this.registry.renew({ companyId: idParam(params.id, NOT_FOUND) }));

    api.delete('/companies/:id', superOnly, async ({ params }) => {
      await this.registry.remove({ companyId: idParam(params.id, NOT_FOUND) });
      return { message: 'Operação realizada com sucesso!' };
    });
  }
}
