import { randomBytes } from 'node:crypto';
import { inject, injectable } from '@switchboard/sdk';
import type { QuickMessage, ServerToClientEvents } from '@switchboard/sdk/contracts';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { containsPattern } from '../../platform/database/like-pattern.js';
import type { TenantScope } from '../../platform/database/model.js';
import { definedOnly } from '../../platform/database/row-patch.js';
import { AppError } from '../../platform/http/app-error.js';
import { MediaStorage } from '../../platform/media/media-storage.js';
import { RealtimeBus, rooms, type Sendable } from '../../platform/realtime/realtime-bus.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import { QuickMessageModel } from './quick-message.model.js';
import { QUICK_MESSAGES_PAGE_SIZE, type CreateQuickMessageInput, type UpdateQuickMessageInput } from './quick-messages.schema.js';

const NOT_FOUND = 'ERR_NO_QUICK_MESSAGE_FOUND';
/** Advisory-lock class of the shortcode check (the second key is the company id). */
const SHORTCODE_LOCK = 7_310_101;
/** Columns the composer reads (GET /quick-messages/list). */
const composerColumns = ['id', 'shortcode', 'message', 'media_path', 'media_name', 'is_media', 'category_id', 'geral'];

/** Admin and supervisor (and super users) manage every quick message of the company and the general flag (spec 3 §2.3). */
function managesAll(auth: AuthContext): boolean {
  return auth.profile === 'admin' || auth.profile === 'supervisor' || auth.super;
}

/**
 * Quick replies of a company (spec 3 §2.3, §7 "Quick replies"). A user sees the general ones and their own;
 * a user edits only their own non-general ones; admin and supervisor edit any and set `geral`.
 * Another company's record is not found (404).
 */
@injectable()
export class QuickMessageService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(MediaStorage) private readonly media: MediaStorage,
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
    @inject(Logger) private readonly logger: Logger,
  ) {}

  /**
   * GET /quick-messages: one page of 20 visible to the caller, by shortcode, searched in shortcode and message, and
   * narrowed to one category's replies when asked.
   */
  async page(options: {
    auth: AuthContext;
    searchParam: string;
    categoryId?: number;
    pageNumber: number;
  }): Promise<{ records: QuickMessageModel[]; count: number; hasMore: boolean }> {
    const query = this.visible(options.auth);
    if (options.categoryId) query.where('quick_messages.category_id', options.categoryId);
    if (options.searchParam) {
      const pattern = containsPattern(options.searchParam.toLowerCase());
      query.where((where) =>
        where.whereRaw('lower(quick_messages.shortcode) like ?', [pattern]).orWhereRaw('lower(quick_messages.message) like ?', [pattern]),
      );
    }
    const offset = (options.pageNumber - 1) * QUICK_MESSAGES_PAGE_SIZE;
    const [count, records] = await Promise.all([
      query.clone().resultSize(),
      query.clone().orderBy('quick_messages.shortcode').orderBy('quick_messages.id').limit(QUICK_MESSAGES_PAGE_SIZE).offset(offset),
    ]);
    return { records, count, hasMore: offset + records.length < count };
  }

  /** GET /quick-messages/list: the active replies (no category entries) the composer offers after '/'. */
  async composerList(options: { auth: AuthContext }): Promise<QuickMessageModel[]> {
    return await this.visible(options.auth)
      .where('quick_messages.is_category', false)
      .where('quick_messages.status', 'active')
      .select(composerColumns.map((column) => `quick_messages.${column}`))
      .orderBy('quick_messages.shortcode')
      .orderBy('quick_messages.id');
  }

  /** GET /quick-messages/categoriesMessages: the category entries visible to the caller. */
  async categories(options: { auth: AuthContext }): Promise<QuickMessageModel[]> {
    return await this.visible(options.auth)
      .where('quick_messages.is_category', true)
      .orderBy('quick_messages.shortcode')
      .orderBy('quick_messages.id');
  }

  /** GET /quick-messages/:id: general, own, or any for admin and supervisor. */
  async show(options: { auth: AuthContext; quickMessageId: number }): Promise<QuickMessageModel> {
    const record = await this.find(options.auth, options.quickMessageId);
    if (!record.geral && record.userId !== options.auth.userId && !managesAll(options.auth)) throw AppError.forbidden();
    return record;
  }

  async create(options: { auth: AuthContext; input: CreateQuickMessageInput }): Promise<QuickMessageModel> {
    const { auth, input } = options;
    const geral = input.geral ?? false;
    if (geral && !managesAll(auth)) throw AppError.forbidden();
    const isCategory = input.isCategory ?? false;
    const categoryId = isCategory ? null : (input.categoryId ?? null);
    const created = await this.tenancy.transaction(auth.companyId, async (trx) => {
      if (categoryId) await this.assertCategory(trx, categoryId);
      await this.assertShortcodeFree(trx, { shortcode: input.shortcode, geral, ownerId: auth.userId, isCategory });
      return trx.insert<QuickMessageModel>(QuickMessageModel, {
        shortcode: input.shortcode,
        message: input.message ?? null,
        geral,
        status: input.status ?? 'active',
        isCategory,
        categoryId,
        userId: auth.userId,
      });
    });
    this.announce(created, 'create');
    return created;
  }

  async update(options: { auth: AuthContext; quickMessageId: number; input: UpdateQuickMessageInput }): Promise<QuickMessageModel> {
    const { auth, input } = options;
    const current = await this.findEditable(auth, options.quickMessageId);
    if (input.geral === true && !current.geral && !managesAll(auth)) throw AppError.forbidden();

    const patch = definedOnly({
      shortcode: input.shortcode,
      message: input.message,
      geral: input.geral,
      status: input.status,
      isCategory: input.isCategory,
      categoryId: input.categoryId,
    }) as Partial<QuickMessageModel>;
    const geral = patch.geral ?? current.geral;
    const isCategory = patch.isCategory ?? current.isCategory;
    if (isCategory) patch.categoryId = null;

    const updated = await this.tenancy.transaction(auth.companyId, async (trx) => {
      if (patch.categoryId) {
        if (patch.categoryId === current.id) throw invalidCategory();
        await this.assertCategory(trx, patch.categoryId);
      }
      if (patch.shortcode !== undefined || patch.geral !== undefined || patch.isCategory !== undefined) {
        await this.assertShortcodeFree(trx, {
          shortcode: patch.shortcode ?? current.shortcode,
          geral,
          ownerId: current.userId,
          isCategory,
          exceptId: current.id,
        });
      }
      if (Object.keys(patch).length === 0) return current;
      return trx.query<QuickMessageModel>(QuickMessageModel).patchAndFetchById(current.id, patch);
    });
    if (current.geral && !updated.geral) this.announceRemoval(auth.companyId, current.id);
    this.announce(updated, 'update');
    return updated;
  }

  async remove(options: { auth: AuthContext; quickMessageId: number }): Promise<void> {
    const current = await this.findEditable(options.auth, options.quickMessageId);
    await this.tenancy
      .of(options.auth.companyId)
      .query<QuickMessageModel>(QuickMessageModel)
      .delete()
      .where('id', current.id)
      .returning('id');
    if (current.mediaPath) await this.removeFile(current.mediaPath);
    this.announceRemoval(current.companyId, current.id, current.geral ? undefined : current.userId);
  }

  /** POST /quick-messages/:id/media-upload: attaches one file, stored under company{id}/quick-messages/. */
  async attachMedia(options: { auth: AuthContext; quickMessageId: number; file?: Express.Multer.File }): Promise<QuickMessageModel> {
    const current = await this.findEditable(options.auth, options.quickMessageId);
    const file = options.file;
    if (!file) throw new AppError('ERR_VALIDATION', 400, { message: 'Obrigatório', fields: { file: 'Obrigatório' } });
    const mediaName = (file.originalname || 'arquivo').slice(0, 255);
    const stored = await this.media.save({
      companyId: current.companyId,
      folder: 'quick-messages',
      fileName: `${current.id}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}-${mediaName}`,
      data: file.buffer,
    });
    let updated: QuickMessageModel;
    try {
      updated = await this.tenancy
        .of(current.companyId)
        .query<QuickMessageModel>(QuickMessageModel)
        .patchAndFetchById(current.id, { mediaPath: stored.path, mediaName, isMedia: true });
    } catch (error) {
      await this.removeFile(stored.path);
      throw error;
    }
    if (!updated) {
      // Deleted while the file was being written.
      await this.removeFile(stored.path);
      throw AppError.notFound(NOT_FOUND);
    }
    if (current.mediaPath && current.mediaPath !== stored.path) await this.removeFile(current.mediaPath);
    this.announce(updated, 'update');
    return updated;
  }

  /** DELETE /quick-messages/:id/media-upload: removes the attached file. */
  async detachMedia(options: { auth: AuthContext; quickMessageId: number }): Promise<QuickMessageModel> {
    const current = await this.findEditable(options.auth, options.quickMessageId);
    const updated = await this.tenancy
      .of(current.companyId)
      .query<QuickMessageModel>(QuickMessageModel)
      .patchAndFetchById(current.id, { mediaPath: null, mediaName: null, isMedia: false });
    if (!updated) throw AppError.notFound(NOT_FOUND);
    if (current.mediaPath) await this.removeFile(current.mediaPath);
    this.announce(updated, 'update');
    return updated;
  }

  // --- helpers ---

  /** The general quick messages of the caller's company and the caller's own. */
  private visible(auth: AuthContext) {
    return this.tenancy
      .of(auth.companyId)
      .query<QuickMessageModel>(QuickMessageModel)
      .where((where) => where.where('quick_messages.geral', true).orWhere('quick_messages.user_id', auth.userId));
  }

  private find(auth: AuthContext, quickMessageId: number): Promise<QuickMessageModel> {
    return this.tenancy.of(auth.companyId).findOrFail<QuickMessageModel>(QuickMessageModel, quickMessageId, NOT_FOUND);
  }

  /** Admin and supervisor: any; a user: only their own non-general ones (others 403). */
  private async findEditable(auth: AuthContext, quickMessageId: number): Promise<QuickMessageModel> {
    const record = await this.find(auth, quickMessageId);
    if (!managesAll(auth) && (record.geral || record.userId !== auth.userId)) throw AppError.forbidden();
    return record;
  }

  private async assertCategory(trx: TenantScope, categoryId: number): Promise<void> {
    const category = await trx.query<QuickMessageModel>(QuickMessageModel).findById(categoryId).where('is_category', true);
    if (!category) throw invalidCategory();
  }

  /**
   * No one may see two entries with one shortcode: a general one must be unique in the company, an own one
   * among the general ones and its owner's. Case-insensitive; categories are checked among categories.
   * A transaction-scoped advisory lock per company serialises concurrent checks.
   */
  private async assertShortcodeFree(
    trx: TenantScope,
    options: { shortcode: string; geral: boolean; ownerId: number | null; isCategory: boolean; exceptId?: number },
  ): Promise<void> {
    await trx.connection.raw('select pg_advisory_xact_lock(?, ?)', [SHORTCODE_LOCK, trx.companyId]);
    const query = trx
      .query<QuickMessageModel>(QuickMessageModel)
      .whereRaw('lower(shortcode) = ?', [options.shortcode.toLowerCase()])
      .where('is_category', options.isCategory);
    if (options.exceptId) query.whereNot('id', options.exceptId);
    if (!options.geral) {
      query.where((where) => {
        where.where('geral', true);
        if (options.ownerId !== null) where.orWhere('user_id', options.ownerId);
      });
    }
    if (await query.first()) {
      const message = 'Já existe uma resposta rápida com este atalho';
      throw new AppError('ERR_QUICK_MESSAGE_SHORTCODE_EXISTS', 409, { message, fields: { shortcode: message } });
    }
  }

  private async removeFile(mediaPath: string): Promise<void> {
    try {
      await this.media.remove(mediaPath);
    } catch (error) {
      this.logger.warn({ err: error, mediaPath }, 'could not remove a quick-message file');
    }
  }

  /** General ones go to the company room, own ones only to their owner's room (others never list them). */
  private announce(record: QuickMessageModel, action: 'create' | 'update'): void {
    const room = record.geral || record.userId === null ? rooms.company(record.companyId) : rooms.user(record.userId);
    // The model types status as any string; the service only stores 'active' or 'inactive'.
    this.emit(room, { action, record: record as Sendable<QuickMessage> });
  }

  private announceRemoval(companyId: number, id: number, ownerId?: number | null): void {
    this.emit(ownerId ? rooms.user(ownerId) : rooms.company(companyId), { action: 'delete', id });
  }

  private emit(room: string, payload: Sendable<ServerToClientEvents['quickMessage']>): void {
    try {
      this.realtime.emit(room, 'quickMessage', payload);
    } catch (error) {
      this.logger.warn({ err: error }, 'could not announce a quick-message change');
    }
  }
}

function invalidCategory(): AppError {
  return new AppError('ERR_VALIDATION', 400, { message: 'Categoria inválida', fields: { categoryId: 'Categoria inválida' } });
}
