import { ContainerModule } from '@switchboard/sdk';
import { RouteContribution } from '../../platform/http/api-router.js';
import { NumberHiding } from '../../platform/http/contact-number-masking.js';
import { CompanySettingService } from './company-setting.service.js';
import { CompanySettings } from './company-settings.js';
import { SettingRoutes } from './settings.routes.js';
import { SettingService } from './setting.service.js';

export const settingsModule = new ContainerModule((bind) => {
  bind(SettingService).toSelf();
  bind(CompanySettingService).toSelf();
  bind(CompanySettings).toSelf();
  bind(NumberHiding).toService(CompanySettings);
  bind(RouteContribution).to(SettingRoutes);
});
