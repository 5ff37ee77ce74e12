import { inject, injectable } from '@switchboard/sdk';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { TenantScope } from '../../platform/database/model.js';
import { Tenancy } from '../../platform/tenancy.js';
import { TicketChanges, TicketSearch } from '../tickets/index.js';
import { summaries, TAG_NOT_FOUND, TagModel, tagSummaryColumns, TagsService, type TagSummary } from '../tags/index.js';

/**
 * A ticket's tags (ticket_tags), the same ones its card and drawer show: here the kanban lane a ticket is in (spec 3
 * §4 "Kanban card move": the old lane link is removed, then the new one added; the ticket's plain tags stay). The tag
 * must be the caller's company's and the ticket one the caller may see (spec 1 §6), else 404. Every change is
 * announced as a ticket update so cards follow.
 */
@injectable()
export class TicketTagsService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(TagsService) private readonly tags: TagsService,
    @inject(TicketSearch) private readonly tickets: TicketSearch,
    @inject(TicketChanges) private readonly ticketChanges: TicketChanges,
  ) {}

  /** PUT /ticket-tags/:ticketId/:tagId: adds the tag to the ticket (again is a no-op). */
  async add(options: { auth: AuthContext; ticketId: number; tagId: number }): Promise<{ ticketId: number; tags: TagSummary[] }> {
    const { auth, ticketId, tagId } = options;
    const scope = this.tenancy.of(auth.companyId);
    await this.tickets.visibleTicket(auth, ticketId);
    await scope.findOrFail<TagModel>(TagModel, tagId, TAG_NOT_FOUND);
    await scope.insertInto('ticket_tags', { ticket_id: ticketId, tag_id: tagId }).onConflict(['ticket_id', 'tag_id']).ignore();
    await this.announceCounts(scope, [tagId]);
    await this.ticketChanges.announce(scope.companyId, ticketId);
    return { ticketId, tags: await this.tagsOf(scope, ticketId) };
  }

  /** DELETE /ticket-tags/:ticketId: takes the ticket out of its kanban lane (its kanban tags); plain tags stay. */
  async clear(options: { auth: AuthContext; ticketId: number }): Promise<{ ticketId: number; tags: TagSummary[] }> {
    const { auth, ticketId } = options;
    const scope = this.tenancy.of(auth.companyId);
    await this.tickets.visibleTicket(auth, ticketId);
    const removed: { tag_id: number }[] = await scope
      .table('ticket_tags')
      .where('ticket_id', ticketId)
      .whereIn('tag_id', scope.table('tags').where('kanban', 1).select('id'))
      .delete()
      .returning('tag_id');
    await this.announceCounts(
      scope,
      removed.map((row) => row.tag_id),
    );
    await this.ticketChanges.announce(scope.companyId, ticketId);
    return { ticketId, tags: await this.tagsOf(scope, ticketId) };
  }

  private async tagsOf(scope: TenantScope, ticketId: number): Promise<TagSummary[]> {
    const rows = await scope
      .query<TagModel>(TagModel)
      .join('ticket_tags', 'ticket_tags.tag_id', 'tags.id')
      .where('ticket_tags.ticket_id', ticketId)
      .select(tagSummaryColumns);
    return summaries(rows);
  }

  /** The lanes' ticket counts changed: each affected tag is announced as updated. */
  private async announceCounts(scope: TenantScope, tagIds: number[]): Promise<void> {
    for (const tagId of new Set(tagIds)) {
      try {
        this.tags.announce(scope.companyId, 'update', await this.tags.findWithCounts(scope, tagId));
      } catch {
        // The tag went away meanwhile: nothing to announce.
      }
    }
  }
}
