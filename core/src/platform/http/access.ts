import { AppError } from './app-error.js';
import type { AuthContext, PlanFlag, Profile, UserPermission } from '../auth/auth-context.js';

/**
 * Who may call a route. `public` needs no token. Otherwise a signed-in user, and optionally:
 * one of `profiles` (or the user switch `orPermission`), the super flag, a plan flag.
 */
export type Access =
  | 'public'
  | {
      profiles?: Profile[];
      orPermission?: UserPermission;
      superOnly?: boolean;
      planFlag?: PlanFlag;
    };

export const signedIn: Access = {};
export const adminOnly: Access = { profiles: ['admin'] };
export const superOnly: Access = { superOnly: true };

export function checkAccess(access: Exclude<Access, 'public'>, auth: AuthContext): void {
  if (access.superOnly && !auth.super) throw AppError.forbidden();
  if (access.profiles && !access.profiles.includes(auth.profile)) {
    const granted = access.orPermission && auth.permissions[access.orPermission];
    if (!granted) throw AppError.forbidden();
  }
  if (access.planFlag && !auth.plan[access.planFlag]) throw new AppError('ERR_PLAN_FEATURE_DISABLED', 403);
}
