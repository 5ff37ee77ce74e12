import { injectable } from '@switchboard/sdk';
import type { TenantScope } from '../../platform/database/model.js';
import type { CompanyAdmins } from '../companies/index.js';
import { UserModel } from './user.model.js';

/** The companies registry's view of admin accounts (its CompanyAdmins contribution point). */
@injectable()
export class CompanyAdminAccounts implements CompanyAdmins {
  async create(scope: TenantScope, admin: { name: string; email: string; passwordHash: string }): Promise<{ id: number }> {
    const user = await scope.insert<UserModel>(UserModel, { ...admin, profile: 'admin' });
    return { id: user.id };
  }

  async findByEmail(scope: TenantScope, email: string): Promise<{ id: number } | undefined> {
    return scope.query<UserModel>(UserModel).whereRaw('lower(email) = ?', [email.toLowerCase()]).select('id').first();
  }

  async setPassword(scope: TenantScope, userId: number, passwordHash: string): Promise<void> {
    await scope
      .query<UserModel>(UserModel)
      .patch({ passwordHash, tokenVersion: scope.raw('token_version + 1') } as never)
      .where('id', userId);
  }
}
