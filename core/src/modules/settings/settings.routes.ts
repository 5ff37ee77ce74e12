import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { adminOnly, signedIn } from '../../platform/http/access.js';
import { idParam, validate } from '../../platform/http/validation.js';
import { companySettingOneSchema, companySettingUpdateSchema, settingUpdateSchema, type CompanySettingUpdate } from './settings.schema.js';
import { CompanySettingService } from './company-setting.service.js';
import { SettingService } from './setting.service.js';

/** Spec 2 §7 "Settings": key/value settings and the company's options. */
@injectable()
export class SettingRoutes implements RouteContribution {
  readonly area = 'settings';

  constructor(
    @inject(SettingService) private readonly settings: SettingService,
    @inject(CompanySettingService) private readonly companySettings: CompanySettingService,
  ) {}

  register(api: ApiRouter): void {
    api.get('/settings', adminOnly, ({ auth }) => this.settings.list({ companyId: auth.companyId }));

    api.put('/settings/:key', adminOnly, async ({ auth, params, body }) => {
      const key = params.key;
      // Permission (403) and unknown key (404) before the value (400): a typo in the path is not a validation error.
      await this.settings.assertWritable({ auth, key });
      const { value } = await validate(settingUpdateSchema(key), body);
      return this.settings.update({ auth, key, value: value ?? null });
    });

    api.get('/companySettings/:companyId', adminOnly, ({ auth, params }) =>
      this.companySettings.read({ auth, companyId: idParam(params.companyId, 'ERR_NO_COMPANY_FOUND') }),
    );

    api.get('/companySettingOne', signedIn, async ({ auth, query }) => {
      const { column } = await validate(companySettingOneSchema, query);
      return this.companySettings.one({ companyId: auth.companyId, column });
    });

    api.put('/companySettings', adminOnly, async ({ auth, body }) => {
      const { column, data } = (await validate(companySettingUpdateSchema, body)) as CompanySettingUpdate;
      return this.companySettings.update({ auth, column, data: data ?? null });
    });
  }
}
