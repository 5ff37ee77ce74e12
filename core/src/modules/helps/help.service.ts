import { inject, injectable } from '@switchboard/sdk';
import { AppError } from '../../platform/http/app-error.js';
import { SUPER_COMPANY_ID } from '../../platform/auth/auth-context.js';
import { deletedRows } from '../../platform/database/deleted-rows.js';
import type { TenantScope } from '../../platform/database/model.js';
import { Tenancy } from '../../platform/tenancy.js';
import { containsPattern } from '../../platform/database/like-pattern.js';
import { HelpModel } from './help.model.js';
import type { CreateHelpInput, UpdateHelpInput } from './helps.schema.js';

export const HELPS_PAGE_SIZE = 20;
const NOT_FOUND = 'ERR_NO_HELP_FOUND';

/** Help video entries: written by the super user, read by everyone; all rows live in company 1's scope. */
@injectable()
export class HelpService {
  constructor(@inject(Tenancy) private readonly tenancy: Tenancy) {}

  private get platform(): TenantScope {
    return this.tenancy.of(SUPER_COMPANY_ID);
  }

  async page(options: { searchParam: string; pageNumber: number }): Promise<{ helps: HelpModel[]; count: number; hasMore: boolean }> {
    const query = this.platform.query<HelpModel>(HelpModel);
    if (options.searchParam) {
      const pattern = containsPattern(options.searchParam.toLowerCase());
      query.where((where) => where.whereRaw('lower(title) like ?', [pattern]).orWhereRaw('lower(description) like ?', [pattern]));
    }
    const count = Number(((await query.clone().count({ count: '*' })) as unknown as { count: string }[])[0]?.count ?? 0);
    const offset = (options.pageNumber - 1) * HELPS_PAGE_SIZE;
    const helps = await query.orderBy('title').orderBy('id').limit(HELPS_PAGE_SIZE).offset(offset);
    return { helps, count, hasMore: count > offset + helps.length };
  }

  async list(): Promise<HelpModel[]> {
    return await this.platform.query<HelpModel>(HelpModel).orderBy('title').orderBy('id');
  }

  show(options: { helpId: number }): Promise<HelpModel> {
    return this.platform.findOrFail<HelpModel>(HelpModel, options.helpId, NOT_FOUND);
  }

  create(options: { input: CreateHelpInput }): Promise<HelpModel> {
    const { title, video, description } = options.input;
    return this.platform.insert<HelpModel>(HelpModel, { title, video: video ?? null, description: description ?? null });
  }

  async update(options: { helpId: number; input: UpdateHelpInput }): Promise<HelpModel> {
    const patch = Object.fromEntries(Object.entries(options.input).filter(([, value]) => value !== undefined)) as Partial<HelpModel>;
    if (Object.keys(patch).length > 0) {
      const updated = await this.platform.query<HelpModel>(HelpModel).patch(patch).where('id', options.helpId);
      if (!updated) throw AppError.notFound(NOT_FOUND);
    }
    return this.show({ helpId: options.helpId });
  }

  async remove(options: { helpId: number }): Promise<void> {
    const deleted = await deletedRows(this.platform.query<HelpModel>(HelpModel).delete().where('id', options.helpId));
    if (deleted === 0) throw AppError.notFound(NOT_FOUND);
  }
}
