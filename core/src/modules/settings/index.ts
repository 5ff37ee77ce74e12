// The settings module's public face: what other modules may use of it (DESIGN §8.13).
export { CompanySettingModel, companySettingColumns, secretSettingColumns, type CompanySettingColumn } from './company-setting.model.js';
export { CompanySettings, type CompanyOptions, type ScheduleType } from './company-settings.js';
export { CompanySettingService } from './company-setting.service.js';
export { settingsModule } from './settings.module.js';
