import { randomBytes } from 'node:crypto';
import { inject, injectable } from '@switchboard/sdk';
import type { FileList, FileListEvent, FileOption } from '@switchboard/sdk/contracts';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { containsPattern } from '../../platform/database/like-pattern.js';
import type { TenantScope } from '../../platform/database/model.js';
import { AppError } from '../../platform/http/app-error.js';
import { MediaStorage } from '../../platform/media/media-storage.js';
import { RealtimeBus, rooms, type Sendable } from '../../platform/realtime/realtime-bus.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import { FileListModel, FileOptionModel } from './file-list.model.js';
import { FILES_PAGE_SIZE, type FileListInput } from './files.schema.js';

export const FILE_LIST_NOT_FOUND = 'ERR_NO_FILE_FOUND';

/** A file list as the API answers it and the `file` event carries it. */
export type FileListView = Sendable<FileList> & { companyId: number; createdAt: Date; updatedAt: Date };

/** One uploaded file and the option it belongs to. */
export interface OptionUpload {
  optionId: number;
  fileName: string;
  mimeType: string;
  data: Buffer;
}

/**
 * File lists of a company (spec 3 §2.10, §7 "File lists"): a message and named options, each option's file uploaded
 * apart (POST /files/uploadList/:id) into company{id}/fileList/{listId}/. Another company's list is not found (404).
 * Every change is announced to the company room as the `file` event.
 */
@injectable()
export class FileListService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(MediaStorage) private readonly media: MediaStorage,
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  /** GET /files: a page of 20 by name, searched in the name, each list with its options (one query for all). */
  async page(options: {
    auth: AuthContext;
    searchParam: string;
    pageNumber: number;
  }): Promise<{ files: FileListView[]; count: number; hasMore: boolean }> {
    const scope = this.tenancy.of(options.auth.companyId);
    const query = scope.query(FileListModel);
    if (options.searchParam) query.whereRaw('lower(files.name) like ?', [containsPattern(options.searchParam)]);
    const offset = (options.pageNumber - 1) * FILES_PAGE_SIZE;
    const [count, lists] = await Promise.all([
      query.clone().resultSize(),
      query.clone().orderByRaw('lower(files.name), files.id').limit(FILES_PAGE_SIZE).offset(offset),
    ]);
    return { files: await this.views(scope, lists), count, hasMore: offset + lists.length < count };
  }

  /** GET /files/:id. */
  async show(options: { auth: AuthContext; fileListId: number }): Promise<FileListView> {
    const scope = this.tenancy.of(options.auth.companyId);
    const [view] = await this.views(scope, [await scope.findOrFail(FileListModel, options.fileListId, FILE_LIST_NOT_FOUND)]);
    return view!;
  }

  /** POST /files: the list with its options (files come by upload), made by the caller. */
  async create(options: { auth: AuthContext; input: FileListInput }): Promise<FileListView> {
    const { auth, input } = options;
    const view = await this.tenancy.transaction(auth.companyId, async (scope) => {
      const list = await scope.insert(FileListModel, { name: input.name, message: input.message ?? null, userId: auth.userId });
      await this.addOptions(scope, list.id, input.options);
      return (await this.views(scope, [list]))[0]!;
    });
    this.announce(view, 'create');
    return view;
  }

  /**
   * PUT /files/:id: the options sent replace the list's: one with an id of the list is renamed, one without is added,
   * and those left out are removed with their files. The caller becomes the list's author.
   */
  async update(options: { auth: AuthContext; fileListId: number; input: FileListInput }): Promise<FileListView> {
    const { auth, input } = options;
    const { view, dropped } = await this.tenancy.transaction(auth.companyId, async (scope) => {
      const current = await this.locked(scope, options.fileListId);
      const existing = await scope.query(FileOptionModel).where('file_id', current.id);
      const known = new Map(existing.map((row) => [row.id, row]));
      const kept = new Set<number>();
      input.options.forEach((option, index) => {
        if (!option.id) return;
        // An id of another list, or one named twice, would move or duplicate an option.
        if (!known.has(option.id) || kept.has(option.id)) throw invalidOption(`options[${index}].id`);
        kept.add(option.id);
      });
      const removed = existing.filter((row) => !kept.has(row.id));
      if (removed.length > 0)
        await scope
          .query(FileOptionModel)
          .delete()
          .whereIn(
            'id',
            removed.map((row) => row.id),
          );
      for (const option of input.options) {
        if (option.id && known.get(option.id)!.name !== option.name) {
          await scope.query(FileOptionModel).patch({ name: option.name }).where('id', option.id);
        }
      }
      await this.addOptions(
        scope,
        current.id,
        input.options.filter((option) => !option.id),
      );
      const list = await scope
        .query(FileListModel)
        .patchAndFetchById(current.id, { name: input.name, message: input.message ?? null, userId: auth.userId });
      return { view: (await this.views(scope, [list]))[0]!, dropped: removed.map((row) => row.path) };
    });
    await this.removeFiles(dropped);
    this.announce(view, 'update');
    return view;
  }

  /** DELETE /files/:id: the list, its options and their stored files. */
  async remove(options: { auth: AuthContext; fileListId: number }): Promise<void> {
    const paths = await this.tenancy.transaction(options.auth.companyId, async (scope) => {
      const current = await this.locked(scope, options.fileListId);
      const rows = await scope.query(FileOptionModel).where('file_id', current.id).select('path');
      await scope.query(FileListModel).delete().where('id', current.id);
      return rows.map((row) => row.path);
    });
    await this.removeFiles(paths);
    this.emit(options.auth.companyId, { action: 'delete', fileId: options.fileListId });
  }

  /**
   * POST /files/uploadList/:id: each file becomes its option's file (replacing the one it had). Every option must be
   * the list's; the files are written first and the rows changed in one transaction, so a refusal leaves nothing.
   */
  async attachFiles(options: { auth: AuthContext; fileListId: number; uploads: OptionUpload[] }): Promise<FileListView> {
    const { auth, fileListId, uploads } = options;
    const scope = this.tenancy.of(auth.companyId);
    const list = await scope.findOrFail(FileListModel, fileListId, FILE_LIST_NOT_FOUND);
    const optionIds = await scope.query(FileOptionModel).where('file_id', list.id).select('id');
    const known = new Set(optionIds.map((row) => row.id));
    uploads.forEach((upload, index) => {
      if (!known.has(upload.optionId)) throw invalidOption(`id[${index}]`);
    });
    if (uploads.length === 0) throw new AppError('ERR_VALIDATION', 400, { message: 'Obrigatório', fields: { files: 'Obrigatório' } });
    const written: string[] = [];
    try {
      for (const upload of uploads) {
        const stored = await this.media.save({
          companyId: auth.companyId,
          folder: `fileList/${list.id}`,
          fileName: `${upload.optionId}-${randomBytes(4).toString('hex')}-${upload.fileName}`,
          data: upload.data,
        });
        written.push(stored.path);
      }
      const { view, replaced } = await this.tenancy.transaction(auth.companyId, async (trx) => {
        await this.locked(trx, list.id);
        const before = await trx
          .query(FileOptionModel)
          .whereIn(
            'id',
            uploads.map((upload) => upload.optionId),
          )
          .where('file_id', list.id);
        if (before.length !== new Set(uploads.map((upload) => upload.optionId)).size) throw invalidOption('id');
        for (const [index, upload] of uploads.entries()) {
          await trx.query(FileOptionModel).patch({ path: written[index]!, mediaType: upload.mimeType }).where('id', upload.optionId);
        }
        const fresh = await trx.query(FileListModel).findById(list.id);
        return { view: (await this.views(trx, [fresh!]))[0]!, replaced: before.map((row) => row.path) };
      });
      // A file sent twice for one option leaves only the last one stored.
      const kept = new Set(view.options.map((option) => option.path));
      await this.removeFiles([...replaced, ...written].filter((path) => path && !kept.has(path)));
      this.announce(view, 'update');
      return view;
    } catch (error) {
      await this.removeFiles(written);
      throw error;
    }
  }

  // --- helpers ---

  /** The list, locked against a concurrent change until the transaction ends. */
  private async locked(scope: TenantScope, fileListId: number): Promise<FileListModel> {
    const list = await scope.query(FileListModel).findById(fileListId).forUpdate();
    if (!list) throw AppError.notFound(FILE_LIST_NOT_FOUND);
    return list;
  }

  private async addOptions(scope: TenantScope, fileListId: number, options: FileListInput['options']): Promise<void> {
    if (options.length === 0) return;
    await scope.insertInto(
      'file_options',
      options.map((option) => ({ file_id: fileListId, name: option.name })),
    );
  }

  /** The lists with their options, read in one query and in the order they were added. */
  private async views(scope: TenantScope, lists: FileListModel[]): Promise<FileListView[]> {
    const ids = lists.map((list) => list.id);
    const rows = ids.length === 0 ? [] : await scope.query(FileOptionModel).whereIn('file_id', ids).orderBy('id');
    const byList = new Map<number, Sendable<FileOption>[]>();
    for (const row of rows) {
      const option = { id: row.id, name: row.name ?? '', path: row.path, mediaType: row.mediaType };
      (byList.get(row.fileId) ?? byList.set(row.fileId, []).get(row.fileId)!).push(option);
    }
    return lists.map((list) => ({
      id: list.id,
      companyId: list.companyId,
      name: list.name,
      message: list.message,
      userId: list.userId,
      createdAt: list.createdAt,
      updatedAt: list.updatedAt,
      options: byList.get(list.id) ?? [],
    }));
  }

  private async removeFiles(paths: (string | null)[]): Promise<void> {
    for (const path of paths) {
      if (!path) continue;
      try {
        await this.media.remove(path);
      } catch (error) {
        this.logger.warn({ err: error, mediaPath: path }, 'could not remove a file-list file');
      }
    }
  }

  private announce(view: FileListView, action: 'create' | 'update'): void {
    this.emit(view.companyId, { action, fileList: view });
  }

  private emit(companyId: number, payload: Sendable<FileListEvent>): void {
    try {
      this.realtime.emit(rooms.company(companyId), 'file', payload);
    } catch (error) {
      this.logger.warn({ err: error }, 'could not announce a file-list change');
    }
  }
}

/** An option id that is not one of the list's, named by the field that carries it. */
function invalidOption(field: string): AppError {
  const message = 'Arquivo inválido';
  return new AppError('ERR_VALIDATION', 400, { message, fields: { [field]: message } });
}
