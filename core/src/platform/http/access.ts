import { AppError } from './app-error.js';
import type { AuthContext, PlanFlag, Profile, UserPermission } from '../auth/auth-context.js';

/**
 * Who may call a route. `public` needs no token. Otherwise a signed-in user of an active company, and optionally:
 * one of `profiles` (or the user switch `orPermission`), the super flag, a plan flag. A company past its due date
 * reaches only the routes marked `allowExpired` (what the expiry page /financeiro-aberto needs); the others answer
 * 403 ERR_SUBSCRIPTION_EXPIRED (the check is the Authenticator's).
 */
export type Access =
  | 'public'
  | {
      profiles?: Profile[];
      orPermission?: UserPermission;
      superOnly?: boolean;
      planFlag?: PlanFlag;
      allowExpired?: boolean;
    };

export const signedIn: Access = {};
/** Signed in, also while the company's subscription is expired: the expiry page's session, invoices and payment. */
export const signedInEvenExpired: Access = { allowExpired: true };
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
