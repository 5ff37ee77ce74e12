import { inject, injectable } from '@switchboard/sdk';
import type { TenantScope } from '../../platform/database/model.js';
import type { PasswordChanges } from '../users/index.js';
import { Tenancy } from '../../platform/tenancy.js';
import { SocketSessions } from '../realtime/index.js';

/**
 * Ends open sessions (auth_sessions rows) of a user: all of them, only one, or all but one. An ended session's
 * access tokens answer 401 at their next request and its refresh token no longer refreshes.
 */
export async function endSessions(
  scope: TenantScope,
  options: { userId: number; only?: string; except?: string; reason: string },
): Promise<void> {
  const query = scope.table('auth_sessions').where('user_id', options.userId).whereNull('ended_at');
  if (options.only) query.where('id', options.only);
  if (options.except) query.whereNot('id', options.except);
  const now = new Date();
  await query.update({ ended_at: now, end_reason: options.reason, updated_at: now });
}

/** Session endings other modules ask for (a password change through the users API). */
@injectable()
export class AuthSessions implements PasswordChanges {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(SocketSessions) private readonly sockets: SocketSessions,
  ) {}

  /** A password changed: every other session of the user ends at once, sockets included; `keep` (the caller's) stays. */
  async passwordChanged(options: { companyId: number; userId: number; keep?: string }): Promise<void> {
    await endSessions(this.tenancy.of(options.companyId), { userId: options.userId, except: options.keep, reason: 'password-changed' });
    await this.sockets.endSessionSockets(options.userId, { except: options.keep });
  }
}
