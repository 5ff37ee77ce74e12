export const PasswordChanges = Symbol('PasswordChanges');
/**
 * Told when a user's password changed, so that every other session of the user ends. The auth module, which owns
 * the sessions, binds it.
 */
export interface PasswordChanges {
  /** `keep`: the session of the user who changed it, which stays. */
  passwordChanged(options: { companyId: number; userId: number; keep?: string }): Promise<void>;
}
