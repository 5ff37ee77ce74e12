import { inject, injectable } from '@switchboard/sdk';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { TenantScope } from '../../platform/database/model.js';
import { AppError } from '../../platform/http/app-error.js';
import { Tenancy } from '../../platform/tenancy.js';
import { OnCallEntryModel } from './on-call.model.js';
import { ON_CALL_PAGE_SIZE, storedDays, type OnCallEntryInput } from './on-call.schema.js';
import type { OnCallDay } from './on-call-shift.js';

const NOT_FOUND = 'ERR_NO_ON_CALL_FOUND';

/** An on-call entry as the API answers it (spec 3 §3), with its person's name. */
export interface OnCallEntryAnswer {
  id: number;
  companyId: number;
  userId: number;
  user: { id: number; name: string };
  phone: string;
  interval: number;
  days: OnCallDay[];
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The company's on-call entries (spec 3 §2.13, §7 "On-call schedules"), managed by its admins. The person must be a
 * user of the same company; another company's entry is not found (404).
 */
@injectable()
export class OnCallService {
  constructor(@inject(Tenancy) private readonly tenancy: Tenancy) {}

  /** GET /plantao: a page of 20 entries, oldest first. */
  async page(options: {
    auth: AuthContext;
    pageNumber: number;
  }): Promise<{ records: OnCallEntryAnswer[]; count: number; hasMore: boolean }> {
    const scope = this.tenancy.of(options.auth.companyId);
    const offset = (options.pageNumber - 1) * ON_CALL_PAGE_SIZE;
    const query = scope.query<OnCallEntryModel>(OnCallEntryModel);
    const [count, rows] = await Promise.all([
      query.clone().resultSize(),
      query.clone().orderBy('id').limit(ON_CALL_PAGE_SIZE).offset(offset),
    ]);
    return { records: await this.answers(scope, rows), count, hasMore: offset + rows.length < count };
  }

  async show(options: { auth: AuthContext; onCallId: number }): Promise<OnCallEntryAnswer> {
    const scope = this.tenancy.of(options.auth.companyId);
    const [answer] = await this.answers(scope, [await scope.findOrFail<OnCallEntryModel>(OnCallEntryModel, options.onCallId, NOT_FOUND)]);
    return answer!;
  }

  async create(options: { auth: AuthContext; input: OnCallEntryInput }): Promise<OnCallEntryAnswer> {
    const scope = this.tenancy.of(options.auth.companyId);
    const { input } = options;
    await this.assertUser(scope, input.userId);
    const created = await scope.insert<OnCallEntryModel>(OnCallEntryModel, {
      userId: input.userId,
      phone: input.phone,
      interval: input.interval,
      days: storedDays(input.days),
    });
    const [answer] = await this.answers(scope, [created]);
    return answer!;
  }

  async update(options: { auth: AuthContext; onCallId: number; input: OnCallEntryInput }): Promise<OnCallEntryAnswer> {
    const scope = this.tenancy.of(options.auth.companyId);
    const { input } = options;
    const current = await scope.findOrFail<OnCallEntryModel>(OnCallEntryModel, options.onCallId, NOT_FOUND);
    await this.assertUser(scope, input.userId);
    // A new phone or person starts a new series of notices.
    const samePerson = current.phone === input.phone && current.userId === input.userId;
    const updated = await scope.query<OnCallEntryModel>(OnCallEntryModel).patchAndFetchById(current.id, {
      userId: input.userId,
      phone: input.phone,
      interval: input.interval,
      days: storedDays(input.days),
      ...(samePerson ? {} : { lastNotifiedAt: null }),
    });
    if (!updated) throw AppError.notFound(NOT_FOUND);
    const [answer] = await this.answers(scope, [updated]);
    return answer!;
  }

  async remove(options: { auth: AuthContext; onCallId: number }): Promise<void> {
    const scope = this.tenancy.of(options.auth.companyId);
    const deleted = await scope.table('on_call_entries').where('id', options.onCallId).delete().returning('id');
    if (deleted.length === 0) throw AppError.notFound(NOT_FOUND);
  }

  /** The person must be a user of the caller's company (another company's user is as unknown as a missing one). */
  private async assertUser(scope: TenantScope, userId: number): Promise<void> {
    const user = await scope.table('users').where('id', userId).first('id');
    if (!user) {
      const message = 'Informe o usuário';
      throw new AppError('ERR_VALIDATION', 400, { message, fields: { userId: message } });
    }
  }

  private async answers(scope: TenantScope, rows: OnCallEntryModel[]): Promise<OnCallEntryAnswer[]> {
    const ids = [...new Set(rows.map((row) => row.userId))];
    const users: { id: number; name: string }[] = ids.length
      ? await scope.table<{ id: number; name: string }>('users').whereIn('id', ids).select('id', 'name')
      : [];
    const names = new Map(users.map((user) => [user.id, user.name]));
    return rows.map((row) => ({
      id: row.id,
      companyId: row.companyId,
      userId: row.userId,
      user: { id: row.userId, name: names.get(row.userId) ?? '' },
      phone: row.phone,
      interval: row.interval,
      days: row.days,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    }));
  }
}
