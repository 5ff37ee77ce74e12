import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { signedIn, type Access } from '../../platform/http/access.js';
import { idParam, pageNumber, validate } from '../../platform/http/validation.js';
import { allTagsSchema, createTagSchema, listTagsSchema, updateTagSchema } from './tags.schema.js';
import { TAG_NOT_FOUND, TagsService } from './tags.service.js';

/** The kanban board's own calls need the plan's kanban feature (spec 3 §2.14). */
const kanbanBoard: Access = { planFlag: 'useKanban' };

/** Tags (spec 1 §7 "Tickets", spec 3 §7 "Kanban and tags"); the tagging module links them to contacts and tickets. */
@injectable()
export class TagsRoutes implements RouteContribution {
  readonly area = 'tags';

  constructor(@inject(TagsService) private readonly tags: TagsService) {}

  register(api: ApiRouter): void {
    api.get('/tags', signedIn, async ({ auth, query }) => {
      const { searchParam, kanban, offset } = await validate(listTagsSchema, query);
      const page = query.pageNumber === undefined || query.pageNumber === '' ? undefined : pageNumber(query.pageNumber);
      return this.tags.page({ auth, searchParam, kanban, offset, pageNumber: page ?? (offset === undefined ? 1 : undefined) });
    });

    api.get('/tags/list', signedIn, async ({ auth, query }) => {
      const { kanban } = await validate(allTagsSchema, query);
      return this.tags.list({ auth, kanban });
    });

    api.get('/tags/kanban', kanbanBoard, ({ auth }) => this.tags.kanbanLanes({ auth }));

    api.get('/tags/:id', signedIn, ({ auth, params }) => this.tags.show({ auth, tagId: idParam(params.id, TAG_NOT_FOUND) }));

    api.post('/tags', signedIn, async ({ auth, body }) => this.tags.create({ auth, input: await validate(createTagSchema, body) }), {
      status: 201,
    });

    api.put('/tags/:id', signedIn, async ({ auth, params, body }) => {
      const tagId = idParam(params.id, TAG_NOT_FOUND);
      return this.tags.update({ auth, tagId, input: await validate(updateTagSchema, body) });
    });

    api.delete('/tags/:id', signedIn, async ({ auth, params }) => {
      await this.tags.remove({ auth, tagId: idParam(params.id, TAG_NOT_FOUND) });
      return { message: 'Tag deleted' };
    });
  }
}
