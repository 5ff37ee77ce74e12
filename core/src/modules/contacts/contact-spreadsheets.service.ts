import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { inject, injectable } from '@switchboard/sdk';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { validate } from '../../platform/http/validation.js';
import { Tenancy } from '../../platform/tenancy.js';
import type { TagModel } from '../tags/index.js';
import type { TagReference } from '../tags/index.js';
import { TagsService } from '../tags/index.js';
import { contactGraphModifiers } from './contact-details.js';
import { ContactModel } from './contact.model.js';
import { normalizeContactNumber } from './contact-number.js';
import { readContactSheet } from './contact-sheet.js';
import { CONTACT_IMPORT_MAX_ROWS, createContactSchema } from './contacts.schema.js';
import { ContactsService } from './contacts.service.js';

export interface ContactImportResult {
  created: number;
  skipped: number;
  /** message reads 'number: Required'; fields holds the same per column, for a client to say in its language. */
  errors: { row: number; message: string; fields?: Record<string, string> }[];
}

/** Contacts imported from a spreadsheet are whatsapp contacts (the channel whose numbers people keep in sheets). */
const IMPORT_CHANNEL = 'whatsapp';
const INSERT_CHUNK = 500;
const EXPORT_BATCH = 1000;
/** Above this many new contacts one import announces a reload instead of every contact. */
const ANNOUNCE_EACH_LIMIT = 200;

interface Candidate {
  name: string;
  number: string;
  email: string;
  tagNames: string[];
}

/** Contact import (POST /contacts/upload) and export (GET /contacts/export) as spreadsheets. */
@injectable()
export class ContactSpreadsheetsService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(ContactsService) private readonly contacts: ContactsService,
    @inject(TagsService) private readonly tags: TagsService,
  ) {}

  /**
   * Reads the file (columns name/nome, number/numero, email, tags; see readContactSheet), validates each row like the
   * contact form, normalises its number, and creates the new contacts in one transaction. A number the company
   * already has (or an earlier row of the file has) is skipped; an invalid row is reported with its row number.
   * Tags are named in one cell separated by commas, semicolons or bars; a name the company lacks becomes a tag.
   */
  async importFile(options: { auth: AuthContext; file?: Express.Multer.File }): Promise<ContactImportResult> {
    const { auth, file } = options;
    if (!file) throw new AppError('ERR_VALIDATION', 400, { message: 'Required', fields: { file: 'Required' } });
    const rows = await readContactSheet(file, { maxRows: CONTACT_IMPORT_MAX_ROWS });
    const result: ContactImportResult = { created: 0, skipped: 0, errors: [] };
    const candidates: Candidate[] = [];
    const seen = new Set<string>();
    for (const row of rows) {
      const candidate = await this.candidate(row).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
        result.errors.push({ row: row.row, message: rowMessage(error), ...(error.fields ? { fields: error.fields } : {}) });
        return undefined;
      });
      if (!candidate) continue;
      if (seen.has(candidate.number)) {
        result.skipped += 1;
        continue;
      }
      seen.add(candidate.number);
      candidates.push(candidate);
    }

    const { createdIds, newTags } = await this.tenancy.transaction(auth.companyId, async (trx) => {
      const createdIds: number[] = [];
      const links: { contactId: number; tagNames: string[] }[] = [];
      for (let start = 0; start < candidates.length; start += INSERT_CHUNK) {
        const chunk = candidates.slice(start, start + INSERT_CHUNK);
        const inserted: { id: number; number: string }[] = await trx
          .connection('contacts')
          .insert(
            chunk.map((candidate) => ({
              company_id: trx.companyId,
              name: candidate.name,
              number: candidate.number,
              email: candidate.email,
              channel: IMPORT_CHANNEL,
            })),
          )
          .onConflict(['company_id', 'channel', 'number'])
          .ignore()
          .returning(['id', 'number']);
        const byNumber = new Map(chunk.map((candidate) => [candidate.number, candidate]));
        for (const row of inserted) {
          createdIds.push(row.id);
          const tagNames = byNumber.get(row.number)?.tagNames ?? [];
          if (tagNames.length > 0) links.push({ contactId: row.id, tagNames });
        }
      }
      let newTags: TagModel[] = [];
      if (links.length > 0) {
        const references: TagReference[] = [...new Set(links.flatMap((link) => link.tagNames))].map((name) => ({ name }));
        const resolved = await this.tags.resolve({ scope: trx, references, userId: auth.userId });
        newTags = resolved.created;
        const byName = new Map(resolved.tags.map((tag) => [tag.name.toLowerCase(), tag.id]));
        const rows = links.flatMap((link) =>
          [...new Set(link.tagNames.map((name) => byName.get(name.toLowerCase())))].map((tagId) => ({
            contact_id: link.contactId,
            tag_id: tagId,
            company_id: trx.companyId,
          })),
        );
        for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
          await trx.connection('contact_tags').insert(rows.slice(start, start + INSERT_CHUNK));
        }
      }
      return { createdIds, newTags };
    });

    result.created = createdIds.length;
    result.skipped += candidates.length - createdIds.length;
    for (const tag of newTags) this.tags.announce(auth.companyId, 'create', tag);
    await this.announceCreated(auth.companyId, createdIds);
    return result;
  }

  /**
   * Writes every contact of the caller's company as an xlsx workbook (sheet Contatos: name, number, email, tags, then
   * one column per extra information name the company uses, so each contact's extraInfo lands under its own title).
   */
  async writeExport(options: { auth: AuthContext; output: Writable }): Promise<void> {
    const scope = this.tenancy.of(options.auth.companyId);
    const extraNames = (await scope.table('contact_custom_fields').distinct('name').orderBy('name').pluck('name')) as string[];
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: options.output, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Contatos');
    sheet.columns = [
      { header: 'name', key: 'name', width: 32 },
      { header: 'number', key: 'number', width: 20 },
      { header: 'email', key: 'email', width: 32 },
      { header: 'tags', key: 'tags', width: 32 },
      ...extraNames.map((name, index) => ({ header: name, key: `extra${index}`, width: 24 })),
    ];
    const extraColumn = new Map(extraNames.map((name, index) => [name, `extra${index}`]));
    let lastId = 0;
    for (;;) {
      const batch = await scope
        .query<ContactModel>(ContactModel)
        .where('contacts.id', '>', lastId)
        .orderBy('contacts.id')
        .limit(EXPORT_BATCH)
        .withGraphFetched('[tags(tagSummary), extraInfo(extraInfoSummary)]')
        .modifiers(contactGraphModifiers);
      if (batch.length === 0) break;
      for (const contact of batch) {
        const extra: Record<string, string> = {};
        for (const info of contact.extraInfo ?? []) {
          const key = extraColumn.get(info.name);
          // Two entries of one name share its cell.
          if (key) extra[key] = extra[key] ? `${extra[key]}; ${info.value}` : info.value;
        }
        sheet
          .addRow({
            name: contact.name,
            number: contact.number,
            email: contact.email ?? '',
            tags: (contact.tags ?? []).map((tag) => tag.name).join(', '),
            ...extra,
          })
          .commit();
      }
      lastId = batch[batch.length - 1]!.id;
    }
    sheet.commit();
    await workbook.commit();
  }

  private async candidate(row: { name: string; number: string; email: string; tags: string }): Promise<Candidate> {
    const input = await validate(createContactSchema, { name: row.name, number: row.number, email: row.email });
    const number = normalizeContactNumber({ number: input.number, channel: IMPORT_CHANNEL });
    if (!number) throw new AppError('ERR_VALIDATION', 400, { message: 'Número inválido', fields: { number: 'Número inválido' } });
    const tagNames = [
      ...new Map(
        row.tags
          .split(/[,;|]/)
          .map((name) => name.trim())
          .filter(Boolean)
          .map((name) => [name.toLowerCase(), name] as const),
      ).values(),
    ];
    const short = tagNames.find((name) => name.length < 3);
    if (short !== undefined) throw new AppError('ERR_VALIDATION', 400, { fields: { tags: 'Tag muito curta!' } });
    const long = tagNames.find((name) => name.length > 50);
    if (long !== undefined) throw new AppError('ERR_VALIDATION', 400, { fields: { tags: 'Too Long!' } });
    return { name: input.name, number, email: input.email ?? '', tagNames };
  }

  private async announceCreated(companyId: number, contactIds: number[]): Promise<void> {
    if (contactIds.length === 0) return;
    if (contactIds.length > ANNOUNCE_EACH_LIMIT) {
      this.contacts.announceReload(companyId);
      return;
    }
    const created = await this.tenancy
      .of(companyId)
      .query<ContactModel>(ContactModel)
      .whereIn('contacts.id', contactIds)
      .orderBy('contacts.id')
      .withGraphFetched('tags(tagSummary)')
      .modifiers(contactGraphModifiers);
    for (const contact of created) this.contacts.announce(companyId, 'create', contact);
  }
}

/** 'name: Too Short!; email: Invalid email' */
function rowMessage(error: AppError): string {
  if (!error.fields) return error.message;
  return Object.entries(error.fields)
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ');
}
