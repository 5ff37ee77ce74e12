import { inject, injectable } from '@switchboard/sdk';
import type { QueryBuilder } from 'objection';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { deletedRows } from '../../platform/database/deleted-rows.js';
import { containsPattern } from '../../platform/database/like-pattern.js';
import type { TenantScope } from '../../platform/database/model.js';
import { definedOnly } from '../../platform/database/row-patch.js';
import { AppError } from '../../platform/http/app-error.js';
import { RealtimeBus, rooms } from '../../platform/realtime/realtime-bus.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import { CONTACT_NOT_FOUND, contactGraphModifiers, findContactDetails, maskedNumber } from './contact-details.js';
import { ContactModel } from './contact.model.js';
import { normalizeContactNumber, numberVariants } from './contact-number.js';
import { CONTACT_PICKER_LIMIT, CONTACTS_PAGE_SIZE, type CreateContactInput, type UpdateContactInput } from './contacts.schema.js';

export type ContactAction = 'create' | 'update' | 'delete';
export type ContactSummary = Pick<ContactModel, 'id' | 'name' | 'number'>;

/** The contact switches flipped by PUT /contacts/toggleDisableBot/:id and /contacts/toggleAcceptAudio/:id. */
const toggles = { disableBot: 'disable_bot', acceptAudioMessage: 'accept_audio_message' } as const;
export type ContactToggle = keyof typeof toggles;

/**
 * Contacts of a company (spec 1 §2 "Contacts page", §3, §5, §7). Every row is reached through Tenancy.of(companyId):
 * another company's contact is not found (404 ERR_NO_CONTACT_FOUND). A number is stored normalised (see
 * normalizeContactNumber) and is unique per company and channel (409 ERR_DUPLICATED_CONTACT).
 */
@injectable()
export class ContactsService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  /** GET /contacts: one page of 20 by name, each contact with its tags. */
  async list(options: {
    auth: AuthContext;
    searchParam?: string;
    channel?: string;
    isGroup?: boolean;
    contactTag?: number[] | null;
    pageNumber: number;
  }): Promise<{ contacts: ContactModel[]; count: number; hasMore: boolean }> {
    const scope = this.tenancy.of(options.auth.companyId);
    const query = scope.query<ContactModel>(ContactModel);
    matchSearch(query, options.searchParam);
    if (options.channel) query.where('contacts.channel', options.channel);
    if (options.isGroup !== undefined) query.where('contacts.is_group', options.isGroup);
    if (options.contactTag && options.contactTag.length > 0) {
      // A semi-join on contact_tags' primary key and tag index, not a join of the searched rows.
      const tagIds = options.contactTag;
      query.whereIn('contacts.id', (links) =>
        links
          .select('contact_tags.contact_id')
          .from('contact_tags')
          .where('contact_tags.company_id', scope.companyId)
          .whereIn('contact_tags.tag_id', tagIds),
      );
    }
    const offset = (options.pageNumber - 1) * CONTACTS_PAGE_SIZE;
    const [count, contacts] = await Promise.all([
      query.clone().resultSize(),
      query
        .clone()
        .orderBy('contacts.name')
        .orderBy('contacts.id')
        .limit(CONTACTS_PAGE_SIZE)
        .offset(offset)
        .withGraphFetched('tags(tagSummary)')
        .modifiers(contactGraphModifiers),
    ]);
    return { contacts, count, hasMore: offset + contacts.length < count };
  }

  /** GET /contacts/list: id, name and number of at most 50 contacts by name (pickers). */
  async pick(options: { auth: AuthContext; searchParam?: string }): Promise<ContactSummary[]> {
    const query = this.tenancy.of(options.auth.companyId).query<ContactModel>(ContactModel);
    matchSearch(query, options.searchParam);
    const rows = await query
      .select('contacts.id', 'contacts.name', 'contacts.number')
      .orderBy('contacts.name')
      .orderBy('contacts.id')
      .limit(CONTACT_PICKER_LIMIT);
    return rows.map((row) => ({ id: row.id, name: row.name, number: row.number }));
  }

  /** GET /contacts/:id: with extraInfo and tags. */
  async show(options: { auth: AuthContext; contactId: number }): Promise<ContactModel> {
    return findContactDetails(this.tenancy.of(options.auth.companyId), options.contactId);
  }

  /** GET /contacts/profile/:number: the caller's company's contact of that number (a whatsapp one first). */
  async findByNumber(options: { auth: AuthContext; number: string }): Promise<ContactModel> {
    const scope = this.tenancy.of(options.auth.companyId);
    const found = await scope
      .query<ContactModel>(ContactModel)
      .whereIn('contacts.number', numberVariants(options.number))
      .orderByRaw("case when contacts.channel = 'whatsapp' then 0 else 1 end")
      .orderBy('contacts.id')
      .first();
    if (!found) throw AppError.notFound(CONTACT_NOT_FOUND);
    return findContactDetails(scope, found.id);
  }

  /** POST /contacts. extraInfo, when given, becomes the contact's list. */
  async create(options: { auth: AuthContext; input: CreateContactInput }): Promise<ContactModel> {
    const { auth, input } = options;
    const channel = input.channel ?? 'whatsapp';
    const isGroup = input.isGroup ?? false;
    const number = storedNumber(input.number, isGroup, channel);
    const created = await translateDuplicate(() =>
      this.tenancy.transaction(auth.companyId, async (trx) => {
        await assertNumberFree(trx, channel, number);
        const contact = await trx.insert<ContactModel>(
          ContactModel,
          definedOnly({
            name: input.name,
            number,
            email: input.email ?? '',
            channel,
            isGroup,
            disableBot: input.disableBot,
            acceptAudioMessage: input.acceptAudioMessage,
            active: input.active,
          }) as Partial<ContactModel>,
        );
        if (input.extraInfo) await replaceExtraInfo(trx, contact.id, input.extraInfo);
        return contact;
      }),
    );
    const contact = await findContactDetails(this.tenancy.of(auth.companyId), created.id);
    this.announce(auth.companyId, 'create', contact);
    return contact;
  }

  /** PUT /contacts/:id: the fields given change; extraInfo, when given, replaces the list as a whole. */
  async update(options: { auth: AuthContext; contactId: number; input: UpdateContactInput }): Promise<ContactModel> {
    const { auth, contactId, input } = options;
    await translateDuplicate(() =>
      this.tenancy.transaction(auth.companyId, async (trx) => {
        const current = await trx.findOrFail<ContactModel>(ContactModel, contactId, CONTACT_NOT_FOUND);
        const channel = input.channel ?? current.channel;
        const isGroup = input.isGroup ?? current.isGroup;
        // A form sent back by a masked viewer (lgpdHideNumber) carries the number as shown: it leaves it unchanged.
        const unchanged = input.number === undefined || input.number.trim() === maskedNumber(current.number);
        const number = unchanged ? current.number : storedNumber(input.number!, isGroup, channel);
        if (number !== current.number || channel !== current.channel) await assertNumberFree(trx, channel, number, contactId);
        const { extraInfo, number: _number, ...fields } = input;
        const patch = definedOnly({ ...fields, channel, isGroup, number }) as Partial<ContactModel>;
        await trx.query<ContactModel>(ContactModel).patch(patch).where('contacts.id', contactId);
        if (extraInfo) await replaceExtraInfo(trx, contactId, extraInfo);
      }),
    );
    return this.changed(auth.companyId, contactId);
  }

  /** DELETE /contacts/:id (admins; spec 1 §6 contacts-page:deleteContact). Its tickets, tags links and extra info go with it. */
  async remove(options: { auth: AuthContext; contactId: number }): Promise<void> {
    const deleted = await deletedRows(
      this.tenancy.of(options.auth.companyId).query<ContactModel>(ContactModel).delete().where('contacts.id', options.contactId),
    );
    if (deleted === 0) throw AppError.notFound(CONTACT_NOT_FOUND);
    this.announce(options.auth.companyId, 'delete', undefined, options.contactId);
  }

  /** PUT /contacts/toggleDisableBot/:id and /contacts/toggleAcceptAudio/:id: flips the switch in one statement. */
  async toggle(options: { auth: AuthContext; contactId: number; field: ContactToggle }): Promise<ContactModel> {
    const scope = this.tenancy.of(options.auth.companyId);
    const column = toggles[options.field];
    const knex = scope.connection;
    const updated = await knex('contacts')
      .where({ company_id: scope.companyId, id: options.contactId })
      .update({ [column]: knex.raw('not ??', [column]), updated_at: knex.fn.now() })
      .returning('id');
    if (updated.length === 0) throw AppError.notFound(CONTACT_NOT_FOUND);
    return this.changed(scope.companyId, options.contactId);
  }

  /** PUT /contacts/block/:id {active}: false blocks the contact, true unblocks it. */
  async setActive(options: { auth: AuthContext; contactId: number; active: boolean }): Promise<ContactModel> {
    const scope = this.tenancy.of(options.auth.companyId);
    const updated = await scope
      .query<ContactModel>(ContactModel)
      .patch({ active: options.active } as Partial<ContactModel>)
      .where('contacts.id', options.contactId)
      .returning('id');
    if ((updated as unknown as unknown[]).length === 0) throw AppError.notFound(CONTACT_NOT_FOUND);
    return this.changed(scope.companyId, options.contactId);
  }

  /** Many contacts changed at once (a large import): clients fetch their list again. */
  announceReload(companyId: number): void {
    try {
      this.realtime.emit(rooms.company(companyId), 'contact', { action: 'reload' });
    } catch (error) {
      this.logger.warn({ err: error }, 'could not announce a contact reload');
    }
  }

  /** Tells the company's clients about contacts (also used by the import). */
  announce(companyId: number, action: ContactAction, contact?: ContactModel, contactId?: number): void {
    try {
      const payload = action === 'delete' ? { action, contactId: contactId! } : { action, contact: contact! };
      this.realtime.emit(rooms.company(companyId), 'contact', payload);
    } catch (error) {
      this.logger.warn({ err: error }, 'could not announce a contact change');
    }
  }

  private async changed(companyId: number, contactId: number): Promise<ContactModel> {
    const contact = await findContactDetails(this.tenancy.of(companyId), contactId);
    this.announce(companyId, 'update', contact);
    return contact;
  }
}

/** searchParam over name and number: ILIKE on the contacts table alone, served by the trigram indexes. */
export function matchSearch(query: QueryBuilder<ContactModel, ContactModel[]>, searchParam?: string): void {
  const search = searchParam?.trim();
  if (!search) return;
  const pattern = containsPattern(search);
  const digits = search.replace(/\D/g, '');
  query.where((where) => {
    where.whereRaw('contacts.name ilike ?', [pattern]).orWhereRaw('contacts.number ilike ?', [pattern]);
    // '(11) 9876' finds the stored 5511987654321.
    if (digits.length >= 3 && digits !== search) where.orWhereRaw('contacts.number like ?', [`%${digits}%`]);
  });
}

/** The number as stored; a number with no digits at all is refused like any invalid field. */
export function storedNumber(number: string, isGroup: boolean, channel: string): string {
  const stored = normalizeContactNumber({ number, isGroup, channel });
  if (!stored) throw new AppError('ERR_VALIDATION', 400, { message: 'Número inválido', fields: { number: 'Número inválido' } });
  return stored;
}

export function duplicatedContact(): AppError {
  return new AppError('ERR_DUPLICATED_CONTACT', 409, {
    message: 'Já existe um contato com este número',
    fields: { number: 'Já existe um contato com este número' },
  });
}

async function assertNumberFree(scope: TenantScope, channel: string, number: string, exceptContactId?: number): Promise<void> {
  const query = scope.query<ContactModel>(ContactModel).where({ 'contacts.channel': channel, 'contacts.number': number });
  if (exceptContactId) query.whereNot('contacts.id', exceptContactId);
  if (await query.first()) throw duplicatedContact();
}

async function replaceExtraInfo(scope: TenantScope, contactId: number, entries: { name: string; value?: string }[]): Promise<void> {
  await scope.connection('contact_custom_fields').where({ company_id: scope.companyId, contact_id: contactId }).delete();
  if (entries.length === 0) return;
  await scope
    .connection('contact_custom_fields')
    .insert(entries.map((entry) => ({ company_id: scope.companyId, contact_id: contactId, name: entry.name, value: entry.value ?? '' })));
}

/** Two requests with one number at once: the unique index (company, channel, number) decides, as a 409. */
export async function translateDuplicate<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const failure = error as { name?: string; code?: string; constraint?: string; message?: string; nativeError?: { code?: string } };
    const unique = failure.name === 'UniqueViolationError' || (failure.code ?? failure.nativeError?.code) === '23505';
    if (unique && /contacts_company_id_channel_number/.test(`${failure.constraint ?? ''} ${failure.message ?? ''}`)) {
      throw duplicatedContact();
    }
    throw error;
  }
}
