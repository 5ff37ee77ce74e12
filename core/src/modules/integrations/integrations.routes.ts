import { inject, injectable } from '@switchboard/sdk';
import { bearerToken } from '../../platform/auth/authenticator.js';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import type { Access } from '../../platform/http/access.js';
import { RateLimits } from '../../platform/http/rate-limits.js';
import { idParam, pageNumber, validate } from '../../platform/http/validation.js';
import { LATER_ANSWERS_PATH } from './later-answers.js';
import { LaterAnswers } from './later-answers.service.js';
import { PromptsService } from './prompts.service.js';
import { QueueIntegrationsService } from './queue-integrations.service.js';
import {
  createPromptSchema,
  createQueueIntegrationSchema,
  INTEGRATION_NOT_FOUND,
  listSchema,
  PROMPT_NOT_FOUND,
  testSessionSchema,
  updatePromptSchema,
  updateQueueIntegrationSchema,
} from './integrations.schema.js';

/** Admin screens of the plan's integrations and AI features (spec 3 §2.11, §2.12): the flag is checked on every call. */
const integrationsAdmin: Access = { profiles: ['admin'], planFlag: 'useIntegrations' };
const promptsAdmin: Access = { profiles: ['admin'], planFlag: 'useOpenAi' };

/** Spec 3 §7 "Queue integrations" and "Prompts". */
@injectable()
export class IntegrationsRoutes implements RouteContribution {
  readonly area = 'integrations';

  constructor(
    @inject(QueueIntegrationsService) private readonly integrations: QueueIntegrationsService,
    @inject(PromptsService) private readonly prompts: PromptsService,
    @inject(LaterAnswers) private readonly laterAnswers: LaterAnswers,
    @inject(RateLimits) private readonly limits: RateLimits,
  ) {}

  register(api: ApiRouter): void {
    api.get('/queueIntegration', integrationsAdmin, async ({ auth, query }) => {
      const { searchParam } = await validate(listSchema, query);
      return this.integrations.page({ auth, searchParam, pageNumber: pageNumber(query.pageNumber) });
    });
    // Before /:id, which would take 'testSession' for an id.
    api.post('/queueIntegration/testSession', integrationsAdmin, async ({ auth, body }) =>
      this.integrations.testSession({ auth, input: await validate(testSessionSchema, body) }),
    );
    api.get('/queueIntegration/:id', integrationsAdmin, ({ auth, params }) =>
      this.integrations.show({ auth, integrationId: idParam(params.id, INTEGRATION_NOT_FOUND) }),
    );
    api.post(
      '/queueIntegration',
      integrationsAdmin,
      async ({ auth, body }) => this.integrations.create({ auth, input: await validate(createQueueIntegrationSchema, body) }),
      { status: 201 },
    );
    api.put('/queueIntegration/:id', integrationsAdmin, async ({ auth, params, body }) => {
      const integrationId = idParam(params.id, INTEGRATION_NOT_FOUND);
      return this.integrations.update({ auth, integrationId, input: await validate(updateQueueIntegrationSchema, body) });
    });
    api.delete('/queueIntegration/:id', integrationsAdmin, async ({ auth, params }) => {
      await this.integrations.remove({ auth, integrationId: idParam(params.id, INTEGRATION_NOT_FOUND) });
      return { message: 'Integration deleted' };
    });

    api.get('/prompt', promptsAdmin, async ({ auth, query }) => {
      const { searchParam } = await validate(listSchema, query);
      return this.prompts.page({ auth, searchParam, pageNumber: pageNumber(query.pageNumber) });
    });
    api.get('/prompt/:id', promptsAdmin, ({ auth, params }) => this.prompts.show({ auth, promptId: idParam(params.id, PROMPT_NOT_FOUND) }));
    api.post(
      '/prompt',
      promptsAdmin,
      async ({ auth, body }) => this.prompts.create({ auth, input: await validate(createPromptSchema, body) }),
      {
        status: 201,
      },
    );
    api.put('/prompt/:id', promptsAdmin, async ({ auth, params, body }) => {
      const promptId = idParam(params.id, PROMPT_NOT_FOUND);
      return this.prompts.update({ auth, promptId, input: await validate(updatePromptSchema, body) });
    });
    api.delete('/prompt/:id', promptsAdmin, async ({ auth, params }) => {
      await this.prompts.remove({ auth, promptId: idParam(params.id, PROMPT_NOT_FOUND) });
      return { message: 'Prompt deleted' };
    });

    // Authenticated by the conversation's own key, not a user session: 'public' to the router, checked by the service.
    const perAddress = this.limits.create({
      name: 'integration-later-answers',
      windowMs: 60_000,
      // One workflow server answers for every conversation of its integrations.
      limit: 600,
      key: (req) => `address:${req.ip ?? ''}`,
    });
    api.post(LATER_ANSWERS_PATH, 'public', ({ req, body }) => this.laterAnswers.receive(bearerToken(req), body), {
      before: [perAddress],
    });
  }
}
