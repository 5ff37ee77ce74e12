import { inject, injectable } from '@switchboard/sdk';
import * as yup from 'yup';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { AppError } from '../../platform/http/app-error.js';
import { Tenancy } from '../../platform/tenancy.js';
import { readContactSheet, type ContactSheetRow } from '../contacts/index.js';
import { ContactListEvents } from './contact-list-events.js';
import { lockListWrites } from './contact-list-item.service.js';
import { ContactListService } from './contact-list.service.js';
import {
  CONTACT_LIST_IMPORT_BATCH,
  CONTACT_LIST_IMPORT_MAX_REASONS,
  CONTACT_LIST_IMPORT_MAX_ROWS,
  CONTACT_LIST_IMPORT_MAX_UNPACKED_BYTES,
  contactListItemSchema,
  itemTexts,
} from './contact-lists.schema.js';
import { WhatsappNumberChecks } from './whatsapp-number-checks.js';

/** Why a row was not imported: a field failed its rule (`field` names it), or its number is already in the list or the file. */
export type SkipCode = 'ERR_VALIDATION' | 'ERR_NUMBER_IN_LIST' | 'ERR_NUMBER_REPEATED';

export interface ContactListImportSummary {
  imported: number;
  skipped: number;
  /** The first skipped rows (at most 100) with their reason; `skipped` counts them all. */
  reasons: { row: number; code: SkipCode; reason: string; field?: string }[];
}

type ValidRow = { row: number; name: string; number: string; email: string };

/**
 * POST /contact-lists/:id/upload (spec 3 §2.2): adds a spreadsheet's rows to a list. Each row is validated as an
 * item is; a number already in the list, or earlier in the file, is skipped. The rows are written in multi-row
 * inserts of 500 within one transaction (all or nothing), while the uploader is told the progress; the imported
 * items are then queued for their WhatsApp check and the list's screens reload.
 */
@injectable()
export class ContactListImport {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(ContactListService) private readonly lists: ContactListService,
    @inject(WhatsappNumberChecks) private readonly numberChecks: WhatsappNumberChecks,
    @inject(ContactListEvents) private readonly events: ContactListEvents,
  ) {}

  async importFile(options: { auth: AuthContext; contactListId: number; file?: Express.Multer.File }): Promise<ContactListImportSummary> {
    const { auth, contactListId, file } = options;
    await this.lists.assertExists(this.tenancy.of(auth.companyId), contactListId);
    if (!file) throw new AppError('ERR_VALIDATION', 400, { message: itemTexts.required, fields: { file: itemTexts.required } });
    // The contacts import's reader: only .xls and .xlsx workbooks here (spec 3 §9), their tags column unread.
    const rows = await readContactSheet(file, {
      maxRows: CONTACT_LIST_IMPORT_MAX_ROWS,
      maxUnpackedBytes: CONTACT_LIST_IMPORT_MAX_UNPACKED_BYTES,
      workbooksOnly: true,
    });
    const summary: ContactListImportSummary = { imported: 0, skipped: 0, reasons: [] };
    const skip = (row: number, code: SkipCode, reason: string, field?: string) => {
      summary.skipped += 1;
      if (summary.reasons.length < CONTACT_LIST_IMPORT_MAX_REASONS)
        summary.reasons.push({ row, code, reason, ...(field ? { field } : {}) });
    };
    const candidates = validRows(rows, skip);
    const progress = { contactListId, processed: rows.length - candidates.length, total: rows.length };
    this.events.importProgress(auth.userId, progress);

    const itemIds = await this.tenancy.transaction(auth.companyId, async (trx) => {
      await this.lists.assertExists(trx, contactListId);
      await lockListWrites(trx, contactListId);
      const ids: number[] = [];
      for (let start = 0; start < candidates.length; start += CONTACT_LIST_IMPORT_BATCH) {
        const batch = candidates.slice(start, start + CONTACT_LIST_IMPORT_BATCH);
        const present = await trx
          .table<{ number: string }>('contact_list_items')
          .where('contact_list_id', contactListId)
          .whereIn(
            'number',
            batch.map((row) => row.number),
          )
          .pluck('number');
        const inList = new Set(present);
        const fresh = batch.filter((row) => !inList.has(row.number));
        for (const row of batch) if (inList.has(row.number)) skip(row.row, 'ERR_NUMBER_IN_LIST', 'Número já está na lista');
        if (fresh.length > 0) {
          const inserted: { id: number }[] = await trx
            .insertInto(
              'contact_list_items',
              fresh.map((row) => ({ contact_list_id: contactListId, name: row.name, number: row.number, email: row.email })),
            )
            .returning('id');
          ids.push(...inserted.map((row) => row.id));
        }
        progress.processed += batch.length;
        this.events.importProgress(auth.userId, progress);
      }
      return ids;
    });
    summary.imported = itemIds.length;
    summary.reasons.sort((a, b) => a.row - b.row);
    if (itemIds.length > 0) {
      this.events.item(auth.companyId, { action: 'reload', contactListId });
      await this.lists.announceCount(auth.companyId, contactListId);
      await this.numberChecks.request({ companyId: auth.companyId, itemIds });
    }
    return summary;
  }
}

/** The rows that pass the item's rules, each number once (the first row with it wins); the others are skipped. */
function validRows(rows: ContactSheetRow[], skip: (row: number, code: SkipCode, reason: string, field?: string) => void): ValidRow[] {
  const firstRowOf = new Map<string, number>();
  const valid: ValidRow[] = [];
  for (const row of rows) {
    let item: yup.InferType<typeof contactListItemSchema>;
    try {
      item = contactListItemSchema.validateSync(row, { abortEarly: true, stripUnknown: true });
    } catch (error) {
      if (!(error instanceof yup.ValidationError)) throw error;
      skip(row.row, 'ERR_VALIDATION', error.message, error.path);
      continue;
    }
    const first = firstRowOf.get(item.number);
    if (first !== undefined) {
      skip(row.row, 'ERR_NUMBER_REPEATED', `Número repetido na planilha (linha ${first})`);
      continue;
    }
    firstRowOf.set(item.number, row.row);
    valid.push({ row: row.row, name: item.name, number: item.number, email: item.email });
  }
  return valid;
}
