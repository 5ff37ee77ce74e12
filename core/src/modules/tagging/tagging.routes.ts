import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { signedIn, type Access } from '../../platform/http/access.js';
import { idParam, pageNumber, validate } from '../../platform/http/validation.js';
import { CONTACT_NOT_FOUND } from '../contacts/index.js';
import { syncTagsSchema, TAG_NOT_FOUND } from '../tags/index.js';
import { idList, TICKET_NOT_FOUND } from '../tickets/index.js';
import * as yup from 'yup';
import { KanbanBoard } from './kanban-board.service.js';
import { TagLinks } from './tag-links.service.js';
import { TicketTagsService } from './ticket-tags.service.js';

/** The kanban board's own calls need the plan's kanban feature (spec 3 §2.14). */
const kanbanBoard: Access = { planFlag: 'useKanban' };

/** queueIds as a JSON array ('[1,2]'), a comma list or repeated values; absent: all of the caller's queues. */
const kanbanQuerySchema = yup.object({ queueIds: idList('Fila inválida') });

/** Contact tags and ticket tags (spec 1 §7 "Tickets", spec 3 §7 "Kanban and tags"). */
@injectable()
export class TaggingRoutes implements RouteContribution {
  readonly area = 'tags';

  constructor(
    @inject(TagLinks) private readonly links: TagLinks,
    @inject(TicketTagsService) private readonly ticketTags: TicketTagsService,
    @inject(KanbanBoard) private readonly board: KanbanBoard,
  ) {}

  register(api: ApiRouter): void {
    api.post('/tags/sync', signedIn, async ({ auth, body }) => {
      const { contactId, ticketId, tags } = await validate(syncTagsSchema, body);
      return this.links.sync({ auth, contactId, ticketId, tags });
    });

    api.get('/contactTags/:contactId', signedIn, ({ auth, params }) =>
      this.links.contactTags({ auth, contactId: idParam(params.contactId, CONTACT_NOT_FOUND) }),
    );

    api.get('/ticket/kanban', kanbanBoard, async ({ auth, query }) => {
      const { queueIds } = await validate(kanbanQuerySchema, query);
      const page = query.pageNumber === undefined || query.pageNumber === '' ? 1 : pageNumber(query.pageNumber);
      return this.board.tickets({ auth, queueIds, pageNumber: page });
    });

    api.put('/ticket-tags/:ticketId/:tagId', kanbanBoard, ({ auth, params }) =>
      this.ticketTags.add({
        auth,
        ticketId: idParam(params.ticketId, TICKET_NOT_FOUND),
        tagId: idParam(params.tagId, TAG_NOT_FOUND),
      }),
    );

    api.delete('/ticket-tags/:ticketId', kanbanBoard, ({ auth, params }) =>
      this.ticketTags.clear({ auth, ticketId: idParam(params.ticketId, TICKET_NOT_FOUND) }),
    );
  }
}
