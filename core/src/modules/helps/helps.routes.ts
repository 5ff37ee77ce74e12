import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { signedIn, superOnly } from '../../platform/http/access.js';
import { idParam, pageNumber, validate } from '../../platform/http/validation.js';
import { HelpService } from './help.service.js';
import { createHelpSchema, helpSearchSchema, updateHelpSchema } from './helps.schema.js';

const NOT_FOUND = 'ERR_NO_HELP_FOUND';

/** Spec 2 §7 "Helps": every signed-in user reads the help videos; only the super user writes them. */
@injectable()
export class HelpRoutes implements RouteContribution {
  readonly area = 'helps';

  constructor(@inject(HelpService) private readonly helps: HelpService) {}

  register(api: ApiRouter): void {
    api.get('/helps', signedIn, async ({ query }) => {
      const { searchParam } = await validate(helpSearchSchema, query);
      return this.helps.page({ searchParam, pageNumber: pageNumber(query.pageNumber) });
    });

    api.get('/helps/list', signedIn, () => this.helps.list());

    api.get('/helps/:id', signedIn, ({ params }) => this.helps.show({ helpId: idParam(params.id, NOT_FOUND) }));

    api.post('/helps', superOnly, async ({ body }) => this.helps.create({ input: await validate(createHelpSchema, body) }), {
      status: 201,
    });

    api.put('/helps/:id', superOnly, async ({ params, body }) => {
      const helpId = idParam(params.id, NOT_FOUND);
      return this.helps.update({ helpId, input: await validate(updateHelpSchema, body) });
    });

    api.delete('/helps/:id', superOnly, async ({ params }) => {
      await this.helps.remove({ helpId: idParam(params.id, NOT_FOUND) });
      return { message: 'Operação realizada com sucesso!' };
    });
  }
}
