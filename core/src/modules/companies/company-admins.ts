import type { TenantScope } from '../../platform/database/model.js';

export const CompanyAdmins = Symbol('CompanyAdmins');
/**
 * The company's admin accounts as the registry needs them (creation with a first admin, a new admin password).
 * Users are the users module's: it binds this contribution point, so companies never imports it.
 */
export interface CompanyAdmins {
  create(scope: TenantScope, admin: { name: string; email: string; passwordHash: string }): Promise<{ id: number }>;
  /** The company's user with this e-mail, compared without case. */
  findByEmail(scope: TenantScope, email: string): Promise<{ id: number } | undefined>;
  /** A new password: the user's older sessions end (token version bumped). */
  setPassword(scope: TenantScope, userId: number, passwordHash: string): Promise<void>;
}
