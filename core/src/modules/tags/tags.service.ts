import { inject, injectable } from '@switchboard/sdk';
import { raw, type QueryBuilder } from 'objection';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { deletedRows } from '../../platform/database/deleted-rows.js';
import type { TenantScope } from '../../platform/database/model.js';
import { AppError } from '../../platform/http/app-error.js';
import { RealtimeBus, rooms } from '../../platform/realtime/realtime-bus.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import { containsPattern } from '../../platform/database/like-pattern.js';
import { TagModel, type TagSummary } from './tag.model.js';
import { TAGS_PAGE_SIZE, type CreateTagInput, type TagReference, type UpdateTagInput } from './tags.schema.js';

export const TAG_NOT_FOUND = 'ERR_NO_TAG_FOUND';
/** First key of the per-company advisory lock that serialises tag creation and renaming (names are unique per company). */
const TAG_NAMES_LOCK = 0x7461_6773;

export type TagAction = 'create' | 'update' | 'delete';

/** Columns of a tag on a contact or ticket. */
export const tagSummaryColumns = ['tags.id', 'tags.name', 'tags.color', 'tags.kanban'];

/** Adds ticketsCount and contactsCount to a tag query (the kanban tag list shows the ticket count). */
export function withUsageCounts(query: QueryBuilder<TagModel, TagModel[]>, scope: TenantScope): void {
  const knex = scope.connection;
  query.select(
    'tags.*',
    knex.raw('(select count(*)::int from ticket_tags where ticket_tags.tag_id = tags.id) as tickets_count'),
    knex.raw('(select count(*)::int from contact_tags where contact_tags.tag_id = tags.id) as contacts_count'),
  );
}

/**
 * Tags of a company (spec 1 §7, spec 3 §2.15, §7): plain tags label contacts, kanban tags (kanban = 1) are lanes of
 * the kanban board. Names are unique per company, case-insensitively. Every row is reached through Tenancy.of(companyId).
 */
@injectable()
export class TagsService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  /** GET /tags: one page of 20 by name, with usage counts; `offset` (rows already loaded) when no pageNumber is given. */
  async page(options: {
    auth: AuthContext;
    searchParam?: string;
    pageNumber?: number;
    offset?: number;
    kanban?: number;
  }): Promise<{ tags: TagModel[]; count: number; hasMore: boolean }> {
    const scope = this.tenancy.of(options.auth.companyId);
    const query = scope.query<TagModel>(TagModel);
    if (options.kanban !== undefined) query.where('tags.kanban', options.kanban);
    if (options.searchParam) query.whereRaw('tags.name ilike ?', [containsPattern(options.searchParam)]);
    const start = options.pageNumber !== undefined ? (options.pageNumber - 1) * TAGS_PAGE_SIZE : (options.offset ?? 0);
    const listed = query.clone();
    withUsageCounts(listed, scope);
    const [count, tags] = await Promise.all([
      query.clone().resultSize(),
      listed.orderByRaw('lower(tags.name), tags.id').limit(TAGS_PAGE_SIZE).offset(start),
    ]);
    return { tags, count, hasMore: start + tags.length < count };
  }

  /** GET /tags/list: every tag of the company by name (pickers, filters), optionally only kanban or plain ones. */
  async list(options: { auth: AuthContext; kanban?: number }): Promise<TagModel[]> {
    const query = this.tenancy.of(options.auth.companyId).query<TagModel>(TagModel);
    if (options.kanban !== undefined) query.where('tags.kanban', options.kanban);
    return await query.orderByRaw('lower(tags.name), tags.id');
  }

  /** GET /tags/kanban: the kanban lanes, with their ticket counts. */
  async kanbanLanes(options: { auth: AuthContext }): Promise<{ lista: TagModel[] }> {
    const scope = this.tenancy.of(options.auth.companyId);
    const query = scope.query<TagModel>(TagModel).where('tags.kanban', 1);
    withUsageCounts(query, scope);
    return { lista: await query.orderByRaw('lower(tags.name), tags.id') };
  }

  async show(options: { auth: AuthContext; tagId: number }): Promise<TagModel> {
    return this.findWithCounts(this.tenancy.of(options.auth.companyId), options.tagId);
  }

  /** POST /tags: the creating user is recorded; a name the company already has is a conflict (409). */
  async create(options: { auth: AuthContext; input: CreateTagInput }): Promise<TagModel> {
    const { auth, input } = options;
    const created = await this.tenancy.transaction(auth.companyId, async (trx) => {
      await this.lockNames(trx);
      await this.assertNameFree(trx, input.name);
      return trx.insert<TagModel>(TagModel, { name: input.name, color: input.color ?? null, kanban: input.kanban, userId: auth.userId });
    });
    const tag = await this.findWithCounts(this.tenancy.of(auth.companyId), created.id);
    this.announce(auth.companyId, 'create', tag);
    return tag;
  }

  /** PUT /tags/:id (body name, color, kanban; a userId in the body is ignored). */
  async update(options: { auth: AuthContext; tagId: number; input: UpdateTagInput }): Promise<TagModel> {
    const { auth, tagId, input } = options;
    const patch = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<TagModel>;
    await this.tenancy.transaction(auth.companyId, async (trx) => {
      const current = await trx.findOrFail<TagModel>(TagModel, tagId, TAG_NOT_FOUND);
      if (patch.name !== undefined && patch.name !== current.name) {
        await this.lockNames(trx);
        await this.assertNameFree(trx, patch.name, tagId);
      }
      if (Object.keys(patch).length > 0) await trx.query<TagModel>(TagModel).patch(patch).where('tags.id', tagId);
    });
    const tag = await this.findWithCounts(this.tenancy.of(auth.companyId), tagId);
    this.announce(auth.companyId, 'update', tag);
    return tag;
  }

  /** DELETE /tags/:id: its contact and ticket links go with it. */
  async remove(options: { auth: AuthContext; tagId: number }): Promise<void> {
    const deleted = await deletedRows(
      this.tenancy.of(options.auth.companyId).query<TagModel>(TagModel).delete().where('tags.id', options.tagId),
    );
    if (deleted === 0) throw AppError.notFound(TAG_NOT_FOUND);
    this.announce(options.auth.companyId, 'delete', undefined, options.tagId);
  }

  /**
   * The tags some references name, within the caller's transaction: ids must be the company's (404 otherwise), names
   * match case-insensitively and a missing name becomes a new tag. Answers each tag once, and the ones created.
   */
  async resolve(options: { scope: TenantScope; references: TagReference[]; userId: number | null }): Promise<{
    tags: TagModel[];
    created: TagModel[];
  }> {
    const { scope } = options;
    const ids = [...new Set(options.references.filter((ref) => ref.id !== undefined).map((ref) => ref.id!))];
    const byId = ids.length > 0 ? await scope.query<TagModel>(TagModel).whereIn('tags.id', ids) : [];
    if (byId.length !== ids.length) throw AppError.notFound(TAG_NOT_FOUND);

    const names = new Map<string, string>();
    for (const ref of options.references) {
      if (ref.id === undefined && ref.name) names.set(ref.name.toLowerCase(), ref.name);
    }
    const byName: TagModel[] = [];
    const created: TagModel[] = [];
    if (names.size > 0) {
      await this.lockNames(scope);
      const existing = await scope.query<TagModel>(TagModel).whereIn(raw('lower(tags.name)'), [...names.keys()]);
      const found = new Map(existing.map((tag) => [tag.name.toLowerCase(), tag]));
      for (const [key, name] of names) {
        let tag = found.get(key);
        if (!tag) {
          tag = await scope.insert<TagModel>(TagModel, { name, color: null, kanban: 0, userId: options.userId });
          created.push(tag);
        }
        byName.push(tag);
      }
    }
    const unique = new Map([...byId, ...byName].map((tag) => [tag.id, tag]));
    return { tags: [...unique.values()], created };
  }

  /** Tells the company's clients about a tag change (also used by the ticket-tag and import flows). */
  announce(companyId: number, action: TagAction, tag?: TagModel, tagId?: number): void {
    try {
      this.realtime.emit(rooms.company(companyId), 'tag', action === 'delete' ? { action, tagId: tagId! } : { action, tag: tag! });
    } catch (error) {
      this.logger.warn({ err: error }, 'could not announce a tag change');
    }
  }

  async findWithCounts(scope: TenantScope, tagId: number): Promise<TagModel> {
    const query = scope.query<TagModel>(TagModel).where('tags.id', tagId);
    withUsageCounts(query, scope);
    const tag = await query.first();
    if (!tag) throw AppError.notFound(TAG_NOT_FOUND);
    return tag;
  }

  // --- helpers ---

  /** Serialises name checks of one company until the transaction ends (there is no unique index on tag names). */
  private async lockNames(trx: TenantScope): Promise<void> {
    await trx.connection.raw('select pg_advisory_xact_lock(?, ?)', [TAG_NAMES_LOCK, trx.companyId]);
  }

  private async assertNameFree(scope: TenantScope, name: string, exceptTagId?: number): Promise<void> {
    const query = scope.query<TagModel>(TagModel).whereRaw('lower(tags.name) = ?', [name.toLowerCase()]);
    if (exceptTagId) query.whereNot('tags.id', exceptTagId);
    if (await query.first()) {
      throw new AppError('ERR_DUPLICATED_TAG', 409, {
        message: 'Já existe uma tag com este nome',
        fields: { name: 'Já existe uma tag com este nome' },
      });
    }
  }
}

export function summaries(tags: TagModel[]): TagSummary[] {
  return tags
    .map((tag) => ({ id: tag.id, name: tag.name, color: tag.color, kanban: tag.kanban }))
    .sort((a, b) => {
      const [left, right] = [a.name.toLowerCase(), b.name.toLowerCase()];
      return left < right ? -1 : left > right ? 1 : a.id - b.id;
    });
}
