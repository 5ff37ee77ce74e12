import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { inject, injectable } from '@switchboard/sdk';
import type { CompanyUser } from '@switchboard/sdk/contracts';
import { isAdmin, type AuthContext } from '../../platform/auth/auth-context.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { containsPattern } from '../../platform/database/like-pattern.js';
import type { TenantScope } from '../../platform/database/model.js';
import { definedOnly } from '../../platform/database/row-patch.js';
import { AppError } from '../../platform/http/app-error.js';
import { MediaStorage } from '../../platform/media/media-storage.js';
import { RealtimeBus, rooms, type Sendable } from '../../platform/realtime/realtime-bus.js';
import { Tenancy } from '../../platform/tenancy.js';
import { Logger } from '../../platform/tokens.js';
import { PlanLimits } from '../plans/index.js';
import { PasswordChanges } from './password-changes.js';
import { UserDirectory } from './user-directory.js';
import { UserModel } from './user.model.js';
import { UserViews } from './user-view.js';
import { profileImageTypes, selfEditableFields, USERS_PAGE_SIZE, type CreateUserInput, type UpdateUserInput } from './users.schema.js';

const NOT_FOUND = 'ERR_NO_USER_FOUND';
/** Columns of the light list (GET /users/list) used by pickers: transfer, filters, chat. */
const summaryColumns = [
  'id',
  'name',
  'email',
  'profile',
  'super',
  'online',
  'profile_image',
  'color',
  'start_work',
  'end_work',
  'whatsapp_id',
  'company_id',
];

export type UserAnswer = Record<string, unknown>;

/**
 * Users of a company (spec 2 §3, §7 Users). Every user row is reached through Tenancy.of(companyId): a user of
 * another company is not found (404 ERR_NO_USER_FOUND), except for super users, who manage every company.
 */
@injectable()
export class UsersService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(UserDirectory) private readonly directory: UserDirectory,
    @inject(PlanLimits) private readonly planLimits: PlanLimits,
    @inject(UserViews) private readonly views: UserViews,
    @inject(MediaStorage) private readonly media: MediaStorage,
    @inject(RealtimeBus) private readonly realtime: RealtimeBus,
    @inject(Logger) private readonly logger: Logger,
    @inject(PasswordChanges) private readonly sessions: PasswordChanges,
  ) {}

  /** GET /users: one page of 20, searched by name or e-mail, with each user's queues. */
  async list(options: {
    auth: AuthContext;
    searchParam?: string;
    pageNumber: number;
    companyId?: number;
  }): Promise<{ users: UserAnswer[]; count: number; hasMore: boolean }> {
    const scope = this.tenancy.of(this.listedCompany(options.auth, options.companyId));
    const query = scope.query<UserModel>(UserModel);
    const search = options.searchParam?.trim();
    if (search) {
      const pattern = containsPattern(search);
      query.where((q) => q.whereRaw('users.name ilike ?', [pattern]).orWhereRaw('users.email ilike ?', [pattern]));
    }
    const offset = (options.pageNumber - 1) * USERS_PAGE_SIZE;
    const [count, rows] = await Promise.all([
      query.clone().resultSize(),
      query.clone().orderBy('users.name').orderBy('users.id').limit(USERS_PAGE_SIZE).offset(offset),
    ]);
    const users = await this.withQueues(scope, rows);
    return { users, count, hasMore: offset + rows.length < count };
  }

  /** GET /users/list: every user of the company, light, with queues (for pickers). */
  async listSummary(options: { auth: AuthContext; companyId?: number }): Promise<UserAnswer[]> {
    const scope = this.tenancy.of(this.listedCompany(options.auth, options.companyId));
    const rows = await scope
      .query<UserModel>(UserModel)
      .select(summaryColumns.map((c) => `users.${c}`))
      .orderBy('users.name')
      .orderBy('users.id');
    return this.withQueues(scope, rows);
  }

  /** GET /users/:id: an admin, or the user themself. */
  async show(options: { auth: AuthContext; userId: number }): Promise<UserAnswer> {
    const { user } = await this.find(options.auth, options.userId);
    if (!isAdmin(options.auth) && user.id !== options.auth.userId) throw AppError.forbidden();
    return this.present(user);
  }

  async create(options: { auth: AuthContext; input: CreateUserInput }): Promise<UserAnswer> {
    const { auth, input } = options;
    const companyId = auth.super && input.companyId ? input.companyId : auth.companyId;
    if (input.super && !auth.super) throw AppError.forbidden();
    await this.assertEmailFree(input.email);
    const queueIds = unique(input.queueIds ?? []);
    const scope = this.tenancy.of(companyId);
    await this.assertQueuesOf(scope, queueIds);
    if (input.whatsappId) await this.assertConnectionOf(scope, input.whatsappId);

    const { password, queueIds: _queues, companyId: _company, ...fields } = input;
    const passwordHash = await hashPassword(password);
    const created = await this.translateConflicts(() =>
      this.tenancy.transaction(companyId, async (trx) => {
        // Counted and inserted under the company's lock: parallel creations cannot pass the plan together.
        await this.planLimits.assertCanCreate(trx, 'users');
        const user = await trx.insert<UserModel>(UserModel, { ...definedOnly(fields), passwordHash } as Partial<UserModel>);
        await this.replaceQueues(trx, user.id, queueIds);
        return user;
      }),
    );
    const answer = await this.present(created);
    this.announce(companyId, 'create', answer);
    return answer;
  }

  /**
   * PUT /users/:id. Admins edit any user of their company; others only themselves and only name, password,
   * e-mail, number, theme, menu and language (a field of the form sent back unchanged is accepted and ignored).
   * A password change ends the user's other sessions at once (the caller's own stays when they change their own).
   */
  async update(options: { auth: AuthContext; userId: number; input: UpdateUserInput }): Promise<UserAnswer> {
    const { auth } = options;
    const { user, scope } = await this.find(auth, options.userId);
    const self = user.id === auth.userId;
    const admin = isAdmin(auth);
    if (!admin && !self) throw AppError.forbidden();
    if (user.super && !auth.super) throw AppError.forbidden();

    const { companyId: _ignored, ...input } = definedOnly(options.input) as UpdateUserInput;
    const currentQueueIds = input.queueIds ? ((await this.views.queuesOf(scope, [user.id])).get(user.id) ?? []).map((q) => q.id) : [];
    const queueIds = input.queueIds ? unique(input.queueIds) : undefined;
    const queuesChanged = queueIds !== undefined && !sameSet(queueIds, currentQueueIds);

    if (!admin) {
      const editable = new Set<string>(selfEditableFields);
      for (const [key, value] of Object.entries(input)) {
        if (editable.has(key) || key === 'queueIds') continue;
        if (value !== (user as unknown as Record<string, unknown>)[key]) throw AppError.forbidden();
      }
      if (queuesChanged) throw AppError.forbidden();
    }
    if (input.super !== undefined && input.super !== user.super && !auth.super) throw AppError.forbidden();

    if (input.email !== undefined && input.email !== user.email.toLowerCase()) await this.assertEmailFree(input.email, user.id);
    if (queuesChanged) await this.assertQueuesOf(scope, queueIds!);
    if (input.whatsappId && input.whatsappId !== user.whatsappId) await this.assertConnectionOf(scope, input.whatsappId);

    const { password, queueIds: _queues, ...fields } = input;
    const patch: Partial<UserModel> = { ...(fields as Partial<UserModel>) };
    if (password !== undefined) patch.passwordHash = await hashPassword(password);

    const updated = await this.translateConflicts(() =>
      this.tenancy.transaction(user.companyId, async (trx) => {
        if (user.profile === 'admin' && patch.profile !== undefined && patch.profile !== 'admin') {
          await this.assertAnotherAdmin(trx, user.id);
        }
        const row = await trx.query<UserModel>(UserModel).patchAndFetchById(user.id, patch);
        if (queuesChanged) await this.replaceQueues(trx, user.id, queueIds!);
        return row;
      }),
    );
    if (password !== undefined) {
      await this.sessions.passwordChanged({ companyId: user.companyId, userId: user.id, keep: self ? auth.sessionId : undefined });
    }
    const answer = await this.present(updated);
    this.announce(user.companyId, 'update', answer);
    return answer;
  }

  /** DELETE /users/:id: an admin, never themself, never the company's last admin; super users only by super. */
  async remove(options: { auth: AuthContext; userId: number }): Promise<void> {
    const { auth } = options;
    const { user } = await this.find(auth, options.userId);
    if (!isAdmin(auth)) throw AppError.forbidden();
    if (user.id === auth.userId) {
      throw new AppError('ERR_CANNOT_DELETE_SELF', 400, { message: 'Você não pode excluir o seu próprio usuário' });
    }
    if (user.super && !auth.super) throw AppError.forbidden();
    await this.tenancy.transaction(user.companyId, async (trx) => {
      if (user.profile === 'admin') await this.assertAnotherAdmin(trx, user.id);
      await trx.query<UserModel>(UserModel).deleteById(user.id);
    });
    if (user.profileImage) await this.removeFile(user.profileImage);
    this.announce(user.companyId, 'delete', undefined, user.id);
  }

  /** POST /users/:id/media-upload: the profile picture (the user themself or an admin). */
  async uploadImage(options: { auth: AuthContext; userId: number; file?: Express.Multer.File }): Promise<{ user: UserAnswer }> {
    const { user } = await this.findEditable(options.auth, options.userId);
    const file = options.file;
    if (!file) throw new AppError('ERR_VALIDATION', 400, { message: 'Required', fields: { profileImage: 'Required' } });
    const extension = imageExtension(file);
    const stored = await this.media.save({
      companyId: user.companyId,
      folder: `users/${user.id}`,
      fileName: `profile-${Date.now()}-${randomBytes(4).toString('hex')}.${extension}`,
      data: file.buffer,
    });
    let updated: UserModel;
    try {
      updated = await this.tenancy.of(user.companyId).query<UserModel>(UserModel).patchAndFetchById(user.id, { profileImage: stored.path });
    } catch (error) {
      await this.removeFile(stored.path);
      throw error;
    }
    if (user.profileImage && user.profileImage !== stored.path) await this.removeFile(user.profileImage);
    const answer = await this.present(updated);
    this.announce(user.companyId, 'update', answer);
    return { user: answer };
  }

  /** DELETE /users/:id/media: removes the profile picture. */
  async removeImage(options: { auth: AuthContext; userId: number }): Promise<{ user: UserAnswer }> {
    const { user } = await this.findEditable(options.auth, options.userId);
    const updated = await this.tenancy.of(user.companyId).query<UserModel>(UserModel).patchAndFetchById(user.id, { profileImage: null });
    if (user.profileImage) await this.removeFile(user.profileImage);
    const answer = await this.present(updated);
    this.announce(user.companyId, 'update', answer);
    return { user: answer };
  }

  // --- helpers ---

  /** The company a list shows: the caller's, or for super users the one asked for. */
  private listedCompany(auth: AuthContext, companyId?: number): number {
    return auth.super && companyId ? companyId : auth.companyId;
  }

  /**
   * The user row through the tenant scope of the caller's company. Super users reach any company: the scope is
   * then the target user's company.
   */
  private async find(auth: AuthContext, userId: number): Promise<{ user: UserModel; scope: TenantScope }> {
    let companyId = auth.companyId;
    if (auth.super) {
      const owner = await this.directory.companyOf(userId);
      if (owner === undefined) throw AppError.notFound(NOT_FOUND);
      companyId = owner;
    }
    const scope = this.tenancy.of(companyId);
    return { user: await scope.findOrFail<UserModel>(UserModel, userId, NOT_FOUND), scope };
  }

  private async findEditable(auth: AuthContext, userId: number): Promise<{ user: UserModel; scope: TenantScope }> {
    const found = await this.find(auth, userId);
    if (found.user.id !== auth.userId && (!isAdmin(auth) || (found.user.super && !auth.super))) throw AppError.forbidden();
    return found;
  }

  private async assertEmailFree(email: string, exceptUserId?: number): Promise<void> {
    // E-mail is the login, unique across all companies.
    if (await this.directory.emailTaken(email, exceptUserId)) throw emailTaken();
  }

  private async assertQueuesOf(scope: TenantScope, queueIds: number[]): Promise<void> {
    if (queueIds.length === 0) return;
    const rows = await scope.connection('queues').where('company_id', scope.companyId).whereIn('id', queueIds).select('id');
    if (rows.length !== queueIds.length) {
      throw new AppError('ERR_VALIDATION', 400, { message: 'Fila inválida', fields: { queueIds: 'Fila inválida' } });
    }
  }

  private async assertConnectionOf(scope: TenantScope, connectionId: number): Promise<void> {
    const row = await scope.connection('connections').where({ company_id: scope.companyId, id: connectionId }).first('id');
    if (!row) throw new AppError('ERR_VALIDATION', 400, { message: 'Conexão inválida', fields: { whatsappId: 'Conexão inválida' } });
  }

  /** Inside the transaction: another admin must remain (rows locked, so two concurrent removals cannot both pass). */
  private async assertAnotherAdmin(trx: TenantScope, userId: number): Promise<void> {
    const admins = await trx.connection('users').where({ company_id: trx.companyId, profile: 'admin' }).forUpdate().select('id');
    if (!admins.some((row: { id: number }) => row.id !== userId)) {
      throw new AppError('ERR_LAST_ADMIN', 400, { message: 'A empresa precisa de pelo menos um administrador' });
    }
  }

  private async replaceQueues(trx: TenantScope, userId: number, queueIds: number[]): Promise<void> {
    await trx.connection('user_queues').where({ company_id: trx.companyId, user_id: userId }).delete();
    if (queueIds.length > 0) {
      await trx
        .connection('user_queues')
        .insert(queueIds.map((queueId) => ({ user_id: userId, queue_id: queueId, company_id: trx.companyId })));
    }
  }

  /** A user as answered by GET/POST/PUT: no secrets, with queues, queueIds and company {id, name, dueDate}. */
  private async present(user: UserModel): Promise<UserAnswer> {
    const scope = this.tenancy.of(user.companyId);
    const [queues, company] = await Promise.all([
      this.views.queuesOf(scope, [user.id]),
      // The company's own row (companies has no company_id column).
      scope.connection('companies').where('id', user.companyId).first('id', 'name', 'due_date'),
    ]);
    const userQueues = queues.get(user.id) ?? [];
    return {
      ...user.toJSON(),
      queues: userQueues,
      queueIds: userQueues.map((q) => q.id),
      company: company ? { id: company.id, name: company.name, dueDate: company.due_date } : null,
    };
  }

  private async withQueues(scope: TenantScope, rows: UserModel[]): Promise<UserAnswer[]> {
    const queues = await this.views.queuesOf(
      scope,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ ...row.toJSON(), queues: queues.get(row.id) ?? [] }));
  }

  private async translateConflicts<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      // Two requests with one e-mail at once: the unique index users_email_lower_unique decides.
      const failure = error as { name?: string; code?: string; constraint?: string; message?: string; nativeError?: { code?: string } };
      const unique = failure.name === 'UniqueViolationError' || (failure.code ?? failure.nativeError?.code) === '23505';
      if (unique && /email/.test(`${failure.constraint ?? ''} ${failure.message ?? ''}`)) throw emailTaken();
      throw error;
    }
  }

  private async removeFile(mediaPath: string): Promise<void> {
    try {
      await this.media.remove(mediaPath);
    } catch (error) {
      this.logger.warn({ err: error, mediaPath }, 'could not remove a profile picture');
    }
  }

  private announce(companyId: number, action: 'create' | 'update' | 'delete', user?: UserAnswer, userId?: number): void {
    try {
      this.realtime.emit(
        rooms.company(companyId),
        'user',
        action === 'delete' ? { action, userId: userId! } : { action, user: user as Sendable<CompanyUser> },
      );
    } catch (error) {
      this.logger.warn({ err: error }, 'could not announce a user change');
    }
  }
}

function emailTaken(): AppError {
  return new AppError('ERR_EMAIL_ALREADY_EXISTS', 409, {
    message: 'Já existe um usuário com este e-mail',
    fields: { email: 'Já existe um usuário com este e-mail' },
  });
}

function unique(ids: number[]): number[] {
  return [...new Set(ids)];
}

function sameSet(a: number[], b: number[]): boolean {
  const set = new Set(b);
  return a.length === set.size && a.every((id) => set.has(id));
}

/** PNG, JPEG, WEBP or GIF by MIME type, extension and content; anything else is refused. */
function imageExtension(file: Express.Multer.File): string {
  const refused = new AppError('ERR_INVALID_IMAGE', 400, {
    message: 'Envie uma imagem PNG, JPEG, WEBP ou GIF de até 5 MB',
    fields: { profileImage: 'Envie uma imagem PNG, JPEG, WEBP ou GIF de até 5 MB' },
  });
  const extensions = profileImageTypes[file.mimetype.toLowerCase()];
  const extension = path
    .extname(file.originalname ?? '')
    .slice(1)
    .toLowerCase();
  if (!extensions || !extensions.includes(extension) || !contentMatches(file.mimetype.toLowerCase(), file.buffer)) throw refused;
  return extension === 'jpeg' ? 'jpg' : extension;
}

function contentMatches(mimetype: string, data: Buffer): boolean {
  const starts = (bytes: number[], at = 0) => data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);
  switch (mimetype) {
    case 'image/png':
      return starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'image/jpeg':
      return starts([0xff, 0xd8, 0xff]);
    case 'image/gif':
      return starts([0x47, 0x49, 0x46, 0x38]);
    case 'image/webp':
      return starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8);
    default:
      return false;
  }
}
