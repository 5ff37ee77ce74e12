import { inject, injectable } from '@switchboard/sdk';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { deletedRows } from '../../platform/database/deleted-rows.js';
import { containsPattern } from '../../platform/database/like-pattern.js';
import type { TenantScope } from '../../platform/database/model.js';
import { definedOnly } from '../../platform/database/row-patch.js';
import { AppError } from '../../platform/http/app-error.js';
import { Tenancy } from '../../platform/tenancy.js';
import { ContactListEvents } from './contact-list-events.js';
import { ContactListItemModel } from './contact-list.model.js';
import { ContactListService } from './contact-list.service.js';
import { CONTACT_LIST_ITEMS_PAGE_SIZE, type CreateContactListItemInput, type UpdateContactListItemInput } from './contact-lists.schema.js';
import { WhatsappNumberChecks } from './whatsapp-number-checks.js';

export const CONTACT_LIST_ITEM_NOT_FOUND = 'ERR_NO_CONTACT_LIST_ITEM_FOUND';
/** Advisory-lock class of a list's writes (the second key is the list id): imports and edits of one list take turns. */
const LIST_WRITE_LOCK = 7_310_308;

/** Serialises the writes to one list, so that its numbers stay unique under concurrent imports and edits. */
export async function lockListWrites(trx: TenantScope, contactListId: number): Promise<void> {
  await trx.connection.raw('select pg_advisory_xact_lock(?, ?)', [LIST_WRITE_LOCK, contactListId]);
}

/**
 * The items of a company's contact lists (spec 3 §2.2, §5, §7). A number appears once per list. A new or changed
 * number is stored unchecked and queued for its WhatsApp check (WhatsappNumberChecks). Another company's item or
 * list is not found (404).
 */
@injectable()
export class ContactListItemService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(ContactListService) private readonly lists: ContactListService,
    @inject(WhatsappNumberChecks) private readonly numberChecks: WhatsappNumberChecks,
    @inject(ContactListEvents) private readonly events: ContactListEvents,
  ) {}

  /**
   * GET /contact-list-items: one list's items, 20 a page by name, searched in name, number and e-mail. The search
   * reads one table within one list (no join), the rows of a single list being few enough to scan.
   */
  async page(options: {
    auth: AuthContext;
    contactListId: number;
    searchParam: string;
    pageNumber: number;
  }): Promise<{ contacts: ContactListItemModel[]; count: number; hasMore: boolean }> {
    const scope = this.tenancy.of(options.auth.companyId);
    await this.lists.assertExists(scope, options.contactListId);
    const query = scope
      .query<ContactListItemModel>(ContactListItemModel)
      .where('contact_list_items.contact_list_id', options.contactListId);
    if (options.searchParam) {
      const pattern = containsPattern(options.searchParam);
      query.where((where) =>
        where
          .whereRaw('lower(contact_list_items.name) like ?', [pattern])
          .orWhere('contact_list_items.number', 'like', pattern)
          .orWhereRaw('lower(contact_list_items.email) like ?', [pattern]),
      );
    }
    const offset = (options.pageNumber - 1) * CONTACT_LIST_ITEMS_PAGE_SIZE;
    const [count, contacts] = await Promise.all([
      query.clone().resultSize(),
      query.clone().orderBy('contact_list_items.name').orderBy('contact_list_items.id').limit(CONTACT_LIST_ITEMS_PAGE_SIZE).offset(offset),
    ]);
    return { contacts, count, hasMore: offset + contacts.length < count };
  }

  async show(options: { auth: AuthContext; itemId: number }): Promise<ContactListItemModel> {
    return this.find(this.tenancy.of(options.auth.companyId), options.itemId);
  }

  async create(options: { auth: AuthContext; input: CreateContactListItemInput }): Promise<ContactListItemModel> {
    const { auth, input } = options;
    const record = await this.tenancy.transaction(auth.companyId, async (trx) => {
      await this.lists.assertExists(trx, input.contactListId);
      await lockListWrites(trx, input.contactListId);
      await assertNumberFree(trx, { contactListId: input.contactListId, number: input.number });
      return trx.insert<ContactListItemModel>(ContactListItemModel, {
        contactListId: input.contactListId,
        name: input.name,
        number: input.number,
        email: input.email,
        isWhatsappValid: false,
      });
    });
    this.events.item(auth.companyId, { action: 'create', record });
    await this.numberChecks.request({ companyId: auth.companyId, itemIds: [record.id] });
    await this.lists.announceCount(auth.companyId, record.contactListId);
    return record;
  }

  /** PUT /contact-list-items/:id: the fields given change; a new number is checked again. */
  async update(options: { auth: AuthContext; itemId: number; input: UpdateContactListItemInput }): Promise<ContactListItemModel> {
    const { auth, input } = options;
    const { record, numberChanged } = await this.tenancy.transaction(auth.companyId, async (trx) => {
      const current = await this.find(trx, options.itemId);
      const numberChanged = input.number !== undefined && input.number !== current.number;
      if (numberChanged) {
        await lockListWrites(trx, current.contactListId);
        await assertNumberFree(trx, { contactListId: current.contactListId, number: input.number!, exceptId: current.id });
      }
      const patch: Partial<ContactListItemModel> = definedOnly({ name: input.name, number: input.number, email: input.email });
      if (numberChanged) patch.isWhatsappValid = false;
      const updated = await trx.query<ContactListItemModel>(ContactListItemModel).patchAndFetchById(current.id, patch);
      return { record: updated, numberChanged };
    });
    this.events.item(auth.companyId, { action: 'update', record });
    if (numberChanged) await this.numberChecks.request({ companyId: auth.companyId, itemIds: [record.id] });
    return record;
  }

  async remove(options: { auth: AuthContext; itemId: number }): Promise<void> {
    const scope = this.tenancy.of(options.auth.companyId);
    const current = await this.find(scope, options.itemId);
    const deleted = await deletedRows(
      scope.query<ContactListItemModel>(ContactListItemModel).delete().where('contact_list_items.id', current.id),
    );
    if (deleted === 0) throw AppError.notFound(CONTACT_LIST_ITEM_NOT_FOUND);
    this.events.item(options.auth.companyId, { action: 'delete', id: current.id });
    await this.lists.announceCount(options.auth.companyId, current.contactListId);
  }

  private find(scope: TenantScope, itemId: number): Promise<ContactListItemModel> {
    return scope.findOrFail<ContactListItemModel>(ContactListItemModel, itemId, CONTACT_LIST_ITEM_NOT_FOUND);
  }
}

async function assertNumberFree(trx: TenantScope, options: { contactListId: number; number: string; exceptId?: number }): Promise<void> {
  const query = trx.table('contact_list_items').where({ contact_list_id: options.contactListId, number: options.number });
  if (options.exceptId) query.whereNot('id', options.exceptId);
  if (await query.first('id')) {
    const message = 'Este número já está na lista';
    throw new AppError('ERR_CONTACT_LIST_ITEM_DUPLICATED', 409, { message, fields: { number: message } });
  }
}
