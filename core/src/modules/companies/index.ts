// The companies module's public face: what other modules may use of it (DESIGN §8.13).
export { companiesModule } from './companies.module.js';
export { CompanyAdmins } from './company-admins.js';
export { CompanyRegistry } from './company-registry.service.js';
export { scheduleEntrySchema, schedulesArray, weekdaysEn } from './companies.schema.js';
export { CompanyModel } from './company.model.js';
export { addMonths } from './company.service.js';
export { FirstStart } from './first-start.service.js';
export { SignupService } from './signup.service.js';
