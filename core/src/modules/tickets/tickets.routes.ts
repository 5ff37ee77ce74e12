import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { adminOnly, signedIn } from '../../platform/http/access.js';
import { idParam, pageNumber, validate } from '../../platform/http/validation.js';
import { TICKET_NOT_FOUND, TicketSearch } from './ticket-search.service.js';
import { TicketsService } from './tickets.service.js';
import { closeAllSchema, createTicketSchema, listTicketsSchema, updateTicketSchema } from './tickets.schema.js';

/** Tickets (spec 1 §7 Tickets). Who sees which ticket is the visibility rule of TicketSearch (spec 1 §6). */
@injectable()
export class TicketsRoutes implements RouteContribution {
  readonly area = 'tickets';

  constructor(
    @inject(TicketsService) private readonly tickets: TicketsService,
    @inject(TicketSearch) private readonly search: TicketSearch,
  ) {}

  register(api: ApiRouter): void {
    api.get('/tickets', signedIn, async ({ auth, query }) =>
      this.search.list({ auth, filters: await validate(listTicketsSchema, query), pageNumber: pageNumber(query.pageNumber) }),
    );

    api.get('/tickets/u/:uuid', signedIn, ({ auth, params }) => this.search.showByUuid({ auth, uuid: String(params.uuid) }));

    api.get('/tickets/:id', signedIn, ({ auth, params }) => this.search.show({ auth, ticketId: idParam(params.id, TICKET_NOT_FOUND) }));

    api.post(
      '/tickets',
      signedIn,
      async ({ auth, body }) => this.tickets.create({ auth, input: await validate(createTicketSchema, body) }),
      {
        status: 201,
      },
    );

    api.post('/tickets/closeAll', adminOnly, async ({ auth, body }) =>
      this.tickets.closeAll({ auth, input: await validate(closeAllSchema, body) }),
    );

    api.put('/tickets/:id', signedIn, async ({ auth, params, body }) => {
      const ticketId = idParam(params.id, TICKET_NOT_FOUND);
      return this.tickets.update({ auth, ticketId, input: await validate(updateTicketSchema, body) });
    });

    api.delete('/tickets/:id', adminOnly, async ({ auth, params }) => {
      await this.tickets.remove({ auth, ticketId: idParam(params.id, TICKET_NOT_FOUND) });
      return { message: 'ticket deleted' };
    });

    api.get('/tickets-log/:ticketId', signedIn, ({ auth, params }) =>
      this.search.log({ auth, ticketId: idParam(params.ticketId, TICKET_NOT_FOUND) }),
    );
  }
}
