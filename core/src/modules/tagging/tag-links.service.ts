import { inject, injectable } from '@switchboard/sdk';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { RealtimeBus, rooms } from '../../platform/realtime/realtime-bus.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import { CONTACT_NOT_FOUND, ContactModel, findContactDetails } from '../contacts/index.js';
import { summaries, TagModel, tagSummaryColumns, TagsService, type TagReference, type TagSummary } from '../tags/index.js';
import { TicketChanges, TicketSearch } from '../tickets/index.js';

/**
 * The tags a contact or a ticket carries (contact_tags, ticket_tags). Tags themselves are the tags module's; this
 * module links them to the records they label, so that neither contacts nor tickets depend on tags' users.
 */
@injectable()
export class TagLinks {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
    @inject(Logger) private readonly logger: Logger,
    @inject(TagsService) private readonly tags: TagsService,
    @inject(TicketSearch) private readonly tickets: TicketSearch,
    @inject(TicketChanges) private readonly ticketChanges: TicketChanges,
  ) {}

  /**
   * POST /tags/sync. One model (spec 1 §3, spec 3 §2.14): a ticket's tags label the conversation, shown on its card,
   * in its drawer and as its kanban lane; a contact's tags label the person (contacts page and its filter). With a
   * ticketId (the ticket's drawer) the ticket's tags become exactly the given ones, and the ticket, which must be one
   * the caller may see (spec 1 §6), is announced so its card follows. Without one, the contact's tags do. Tags are
   * named by id, or by name (a name the company does not have yet becomes a new tag).
   */
  async sync(options: {
    auth: AuthContext;
    contactId: number;
    ticketId?: number | null;
    tags: TagReference[];
  }): Promise<{ contactId: number; ticketId: number | null; tags: TagSummary[] }> {
    const { auth, contactId } = options;
    const ticketId = options.ticketId ?? null;
    if (ticketId) await this.tickets.visibleTicket(auth, ticketId);
    const { tags, created } = await this.tenancy.transaction(auth.companyId, async (trx) => {
      await trx.findOrFail<ContactModel>(ContactModel, contactId, CONTACT_NOT_FOUND);
      const resolved = await this.tags.resolve({ scope: trx, references: options.tags, userId: auth.userId });
      const [table, owner] = ticketId ? ['ticket_tags', { ticket_id: ticketId }] : ['contact_tags', { contact_id: contactId }];
      await trx.table(table).where(owner).delete();
      if (resolved.tags.length > 0)
        await trx.insertInto(
          table,
          resolved.tags.map((tag) => ({ ...owner, tag_id: tag.id })),
        );
      return resolved;
    });
    for (const tag of created) this.tags.announce(auth.companyId, 'create', tag);
    if (ticketId) await this.ticketChanges.announce(auth.companyId, ticketId);
    else await this.announceContact(auth.companyId, contactId);
    return { contactId, ticketId, tags: summaries(tags) };
  }

  /** GET /contactTags/:contactId: the contact's tags by name. */
  async contactTags(options: { auth: AuthContext; contactId: number }): Promise<{ contactId: number; tags: TagSummary[] }> {
    const scope = this.tenancy.of(options.auth.companyId);
    await scope.findOrFail<ContactModel>(ContactModel, options.contactId, CONTACT_NOT_FOUND);
    const tags = await scope
      .query<TagModel>(TagModel)
      .join('contact_tags', 'contact_tags.tag_id', 'tags.id')
      .where('contact_tags.contact_id', options.contactId)
      .select(tagSummaryColumns)
      .orderByRaw('lower(tags.name), tags.id');
    return { contactId: options.contactId, tags: summaries(tags) };
  }

  private async announceContact(companyId: number, contactId: number): Promise<void> {
    try {
      const contact = await findContactDetails(this.tenancy.of(companyId), contactId);
      const payload = { action: 'update' as const, contact };
      this.realtime.emit(rooms.company(companyId), 'contact', payload);
    } catch (error) {
      this.logger.warn({ err: error }, 'could not announce a contact change');
    }
  }
}
