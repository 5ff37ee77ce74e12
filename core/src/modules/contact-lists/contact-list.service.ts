import { inject, injectable } from '@switchboard/sdk';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { deletedRows } from '../../platform/database/deleted-rows.js';
import { containsPattern } from '../../platform/database/like-pattern.js';
import type { TenantScope } from '../../platform/database/model.js';
import { AppError } from '../../platform/http/app-error.js';
import { Tenancy } from '../../platform/tenancy.js';
import { ContactListEvents } from './contact-list-events.js';
import { ContactListModel } from './contact-list.model.js';
import { CONTACT_LIST_PICKER_LIMIT, CONTACT_LISTS_PAGE_SIZE, type ContactListInput } from './contact-lists.schema.js';

export const CONTACT_LIST_NOT_FOUND = 'ERR_NO_CONTACT_LIST_FOUND';

/**
 * Contact lists of a company (spec 3 §2.2, §7 "Contact lists"), each answered with its contactsCount. Another
 * company's list is not found (404).
 */
@injectable()
export class ContactListService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(ContactListEvents) private readonly events: ContactListEvents,
  ) {}

  /** GET /contact-lists: 20 a page by name, searched in the name (one table, one company). */
  async page(options: {
    auth: AuthContext;
    searchParam: string;
    pageNumber: number;
  }): Promise<{ records: ContactListModel[]; count: number; hasMore: boolean }> {
    const scope = this.tenancy.of(options.auth.companyId);
    const query = scope.query<ContactListModel>(ContactListModel);
    if (options.searchParam) query.whereRaw('lower(contact_lists.name) like ?', [containsPattern(options.searchParam)]);
    const offset = (options.pageNumber - 1) * CONTACT_LISTS_PAGE_SIZE;
    const [count, lists] = await Promise.all([
      query.clone().resultSize(),
      query.clone().orderBy('contact_lists.name').orderBy('contact_lists.id').limit(CONTACT_LISTS_PAGE_SIZE).offset(offset),
    ]);
    const records = await withContactsCount(scope, lists);
    return { records, count, hasMore: offset + records.length < count };
  }

  /** GET /contact-lists/list: {id, name} by name, for the campaign form's picker. */
  async picker(options: { auth: AuthContext }): Promise<Pick<ContactListModel, 'id' | 'name'>[]> {
    return await this.tenancy
      .of(options.auth.companyId)
      .query<ContactListModel>(ContactListModel)
      .select('contact_lists.id', 'contact_lists.name')
      .orderBy('contact_lists.name')
      .orderBy('contact_lists.id')
      .limit(CONTACT_LIST_PICKER_LIMIT);
  }

  async show(options: { auth: AuthContext; contactListId: number }): Promise<ContactListModel> {
    return this.present(this.tenancy.of(options.auth.companyId), options.contactListId);
  }

  async create(options: { auth: AuthContext; input: ContactListInput }): Promise<ContactListModel> {
    const created = await this.tenancy.of(options.auth.companyId).insert<ContactListModel>(ContactListModel, { name: options.input.name });
    const record = Object.assign(created, { contactsCount: 0 });
    this.events.list(options.auth.companyId, { action: 'create', record });
    return record;
  }

  async update(options: { auth: AuthContext; contactListId: number; input: ContactListInput }): Promise<ContactListModel> {
    const scope = this.tenancy.of(options.auth.companyId);
    const updated = await scope
      .query<ContactListModel>(ContactListModel)
      .patch({ name: options.input.name })
      .where('contact_lists.id', options.contactListId)
      .returning('id');
    if (updated.length === 0) throw AppError.notFound(CONTACT_LIST_NOT_FOUND);
    const record = await this.present(scope, options.contactListId);
    this.events.list(options.auth.companyId, { action: 'update', record });
    return record;
  }

  /** DELETE /contact-lists/:id: its items go with it; a campaign that named it keeps no list. */
  async remove(options: { auth: AuthContext; contactListId: number }): Promise<void> {
    const deleted = await deletedRows(
      this.tenancy
        .of(options.auth.companyId)
        .query<ContactListModel>(ContactListModel)
        .delete()
        .where('contact_lists.id', options.contactListId),
    );
    if (deleted === 0) throw AppError.notFound(CONTACT_LIST_NOT_FOUND);
    this.events.list(options.auth.companyId, { action: 'delete', id: options.contactListId });
  }

  /** The list must be the company's (404 otherwise). */
  async assertExists(scope: TenantScope, contactListId: number): Promise<ContactListModel> {
    return scope.findOrFail<ContactListModel>(ContactListModel, contactListId, CONTACT_LIST_NOT_FOUND);
  }

  /** Tells the company's screens a list's new contactsCount after items came or went (a list deleted meanwhile: nothing). */
  async announceCount(companyId: number, contactListId: number): Promise<void> {
    const scope = this.tenancy.of(companyId);
    const list = await scope.query<ContactListModel>(ContactListModel).findById(contactListId);
    if (!list) return;
    const [record] = await withContactsCount(scope, [list]);
    this.events.list(companyId, { action: 'update', record: record! });
  }

  private async present(scope: TenantScope, contactListId: number): Promise<ContactListModel> {
    const list = await this.assertExists(scope, contactListId);
    const [record] = await withContactsCount(scope, [list]);
    return record!;
  }
}

/** Sets contactsCount on each list with one grouped count of their items (no query per list). */
async function withContactsCount(scope: TenantScope, lists: ContactListModel[]): Promise<ContactListModel[]> {
  if (lists.length === 0) return lists;
  const rows = await scope
    .table<{ contact_list_id: number; count: string | number }>('contact_list_items')
    .whereIn(
      'contact_list_id',
      lists.map((list) => list.id),
    )
    .groupBy('contact_list_id')
    .select('contact_list_id')
    .count({ count: '*' });
  const counts = new Map(rows.map((row) => [row.contact_list_id, Number(row.count)]));
  return lists.map((list) => Object.assign(list, { contactsCount: counts.get(list.id) ?? 0 }));
}
