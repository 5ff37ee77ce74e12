import { planFlags, type PlanFlag } from '@switchboard/sdk/contracts';

export type Profile = 'admin' | 'supervisor' | 'user';

// The plan flags are shared with the web app (its menus and plan form).
export { planFlags, type PlanFlag };

/** Per-user switches that grant one admin area to a non-admin (spec 1 §6). */
export type UserPermission = 'showDashboard' | 'allowRealTime' | 'allowConnections';

/** Who is calling, loaded fresh for each request from the access token's user. */
export interface AuthContext {
  userId: number;
  /** The sign-in this request's token belongs to (auth_sessions). */
  sessionId: string;
  companyId: number;
  name: string;
  profile: Profile;
  super: boolean;
  tokenVersion: number;
  allTicket: string;
  allowGroup: boolean;
  permissions: Record<UserPermission, boolean>;
  plan: Record<PlanFlag, boolean>;
  companyDueDate: Date | null;
  /** The company's due date has passed (company 1 never expires). */
  expired: boolean;
}

export const SUPER_COMPANY_ID = 1;

/** Admins manage their whole company; super users count as admins in every company. */
export function isAdmin(auth: Pick<AuthContext, 'profile' | 'super'>): boolean {
  return auth.profile === 'admin' || auth.super;
}
