import { inject, injectable } from '@switchboard/sdk';
import { AppError } from '../../platform/http/app-error.js';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { Tenancy } from '../../platform/tenancy.js';
import { SettingModel } from './setting.model.js';
import { keyValueSettings, superOnlySettings } from './settings.schema.js';

const NOT_FOUND = 'ERR_NO_SETTING_FOUND';

/** The company's key/value settings (userCreation, super only, lives here; on company 1 it governs sign-up). */
@injectable()
export class SettingService {
  constructor(@inject(Tenancy) private readonly tenancy: Tenancy) {}

  async list(options: { companyId: number }): Promise<SettingModel[]> {
    return await this.tenancy.of(options.companyId).query<SettingModel>(SettingModel).orderBy('key');
  }

  /**
   * The caller may write the key: super-only keys need the super flag (403); a key is known when the platform
   * defines it or the company already has it, anything else is 404.
   */
  async assertWritable(options: { auth: AuthContext; key: string }): Promise<void> {
    const { auth, key } = options;
    if (superOnlySettings.includes(key) && !auth.super) throw AppError.forbidden();
    if ((keyValueSettings as readonly string[]).includes(key)) return;
    const row = await this.tenancy.of(auth.companyId).query<SettingModel>(SettingModel).where('key', key).first();
    if (!row) throw AppError.notFound(NOT_FOUND);
  }

  async update(options: { auth: AuthContext; key: string; value: string | null }): Promise<SettingModel> {
    const { auth, key, value } = options;
    await this.assertWritable({ auth, key });
    return this.tenancy.transaction(auth.companyId, async (scope) => {
      const updated = await scope
        .query<SettingModel>(SettingModel)
        .patch({ value } as Partial<SettingModel>)
        .where('key', key);
      if (!updated) await scope.insert<SettingModel>(SettingModel, { key, value });
      const row = await scope.query<SettingModel>(SettingModel).where('key', key).first();
      if (!row) throw AppError.notFound(NOT_FOUND);
      return row;
    });
  }
}
