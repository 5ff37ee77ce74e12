import type { SessionUser } from '../../auth/auth.slice';

/** A company setting as the session user carries it (spec 1 §3): 'enabled' switches it on. */
export function settingEnabled(user: SessionUser | null | undefined, key: string): boolean {
  const value = user?.settings?.[key] ?? user?.company?.settings?.[key];
  return value === 'enabled' || value === true;
}

/** A plan flag of the user's company; a plan that does not name the flag leaves the feature on. */
export function planAllows(user: SessionUser | null | undefined, flag: string): boolean {
  return user?.company?.plan?.[flag] !== false;
}
