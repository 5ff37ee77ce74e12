import { randomUUID } from 'node:crypto';
import { inject, injectable } from '@switchboard/sdk';
import { SUPER_COMPANY_ID } from '../../platform/auth/auth-context.js';
import { companyInactive } from '../../platform/auth/authenticator.js';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import { TokenService, type AccessClaims } from '../../platform/auth/tokens.js';
import { AppError } from '../../platform/http/app-error.js';
import { SystemData } from '../../platform/system-data.js';
import { Tenancy } from '../../platform/tenancy.js';
import { SocketSessions } from '../realtime/index.js';
import { UserViews } from '../users/index.js';
import { endSessions } from './auth-sessions.js';

export interface Session {
  token: string;
  refreshToken: string;
  user: Record<string, unknown>;
}

/** What logout needs to know about a still-valid access or refresh token. */
export interface TokenOwner {
  userId: number;
  sessionId?: string;
}

/**
 * Sign-in, token refresh and sign-out: system paths, since the company is known only once the e-mail or the token
 * is checked. Each sign-in is a session (an auth_sessions row, the refresh-token family); signing in ends the
 * user's other sessions (token version). Each refresh rotates the refresh token, and a refresh token presented a
 * second time ends its whole session, the attacker's copy and the user's alike.
 */
@injectable()
export class AuthService {
  constructor(
    @inject(SystemData) private readonly system: SystemData,
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(TokenService) private readonly tokens: TokenService,
    @inject(UserViews) private readonly views: UserViews,
    @inject(SocketSessions) private readonly sockets: SocketSessions,
  ) {}

  async login(options: { email: string; password: string }): Promise<Session> {
    const knex = this.system.knex;
    const user = await knex('users as u')
      .join('companies as c', 'c.id', 'u.company_id')
      .whereRaw('lower(u.email) = ?', [options.email.toLowerCase()])
      .first('u.id', 'u.company_id', 'u.password_hash', 'c.status as company_status');
    const valid = await verifyPassword(options.password, user?.password_hash);
    if (!user || !valid)
      throw new AppError('ERR_INVALID_CREDENTIALS', 401, { message: 'Erro ao fazer login. Verifique suas credenciais.' });
    if (user.company_id !== SUPER_COMPANY_ID && !user.company_status) throw companyInactive();
    const now = new Date();
    const { tokenVersion, sessionId, tokenId } = await this.tenancy.transaction(user.company_id, async (scope) => {
      const [{ token_version: version }] = await scope
        .table('users')
        .where('id', user.id)
        .update({ token_version: scope.raw('token_version + 1'), last_login: now, online: true, updated_at: now })
        .returning('token_version');
      await scope.connection('companies').where('id', user.company_id).update({ last_login: now });
      // The older sessions' tokens fail on the token version already; their rows end too, and long-dead rows go.
      await endSessions(scope, { userId: user.id, reason: 'signed-in-elsewhere' });
      await scope
        .table('auth_sessions')
        .where('user_id', user.id)
        .where('updated_at', '<', new Date(now.getTime() - this.tokens.refreshTtlSeconds * 1000))
        .delete();
      const session = { id: randomUUID(), current_token: randomUUID() };
      await scope.insertInto('auth_sessions', { ...session, user_id: user.id });
      return { tokenVersion: version as number, sessionId: session.id, tokenId: session.current_token };
    });
    await this.sockets.endOlderSessions(user.id, tokenVersion, 'elsewhere');
    return this.session({ sub: user.id, companyId: user.company_id, tokenVersion, sessionId }, tokenId);
  }

  /**
   * A new access token and a new refresh token for the session's current refresh token. A refresh token that is
   * not the current one was used before: the session ends, so neither copy works again.
   */
  async refresh(refreshToken: string | undefined): Promise<Session> {
    const claims = refreshToken ? this.tokens.verify('refresh', refreshToken) : null;
    const expired = () => new AppError('ERR_SESSION_EXPIRED', 401);
    if (!claims?.sessionId || !claims.tokenId) throw expired();
    const knex = this.system.knex;
    const user = await knex('users as u')
      .join('companies as c', 'c.id', 'u.company_id')
      .where('u.id', claims.sub)
      .first('u.id', 'u.company_id', 'u.token_version', 'c.status as company_status');
    if (!user || user.token_version !== claims.tokenVersion) throw expired();
    if (user.company_id !== SUPER_COMPANY_ID && !user.company_status) throw companyInactive();
    const next = randomUUID();
    // Compare-and-set: of two uses of one token (even at the same moment), only the first finds it current.
    const scope = this.tenancy.of(user.company_id);
    const rotated = await scope
      .table('auth_sessions')
      .where({ id: claims.sessionId, user_id: user.id, current_token: claims.tokenId })
      .whereNull('ended_at')
      .update({ current_token: next, updated_at: new Date() });
    if (rotated !== 1) {
      await endSessions(scope, { userId: user.id, only: claims.sessionId, reason: 'refresh-token-reused' });
      await this.sockets.endSessionSockets(user.id, { only: claims.sessionId });
      throw expired();
    }
    const session = { sub: user.id, companyId: user.company_id, tokenVersion: user.token_version, sessionId: claims.sessionId };
    return this.session(session, next);
  }

  /** Ends the token's session and every other session of the user (all devices). */
  async logout(owner: TokenOwner): Promise<void> {
    const knex = this.system.knex;
    const [user] = await knex('users')
      .where('id', owner.userId)
      .update({ token_version: knex.raw('token_version + 1'), online: false, updated_at: new Date() })
      .returning(['token_version', 'company_id']);
    if (!user) return;
    await endSessions(this.tenancy.of(user.company_id), { userId: owner.userId, reason: 'logout' });
    await this.sockets.endOlderSessions(owner.userId, user.token_version, 'logout');
  }

  /** The user (and session) a still-valid access or refresh token names, if any (logout works with either). */
  identify(options: { accessToken?: string; refreshToken?: string }): TokenOwner | undefined {
    const claims =
      (options.accessToken ? this.tokens.verify('access', options.accessToken) : null) ??
      (options.refreshToken ? this.tokens.verify('refresh', options.refreshToken) : null);
    return claims ? { userId: claims.sub, sessionId: claims.sessionId } : undefined;
  }

  me(userId: number): Promise<Record<string, unknown>> {
    return this.views.sessionUser(userId);
  }

  /** Password recovery: the new password ends every session of the user. */
  async setPassword(userId: number, password: string): Promise<void> {
    const user = await this.system.knex('users').where('id', userId).first('company_id');
    if (!user) return;
    const passwordHash = await hashPassword(password);
    await this.tenancy.transaction(user.company_id, async (scope) => {
      await scope
        .table('users')
        .where('id', userId)
        .update({ password_hash: passwordHash, token_version: scope.raw('token_version + 1'), updated_at: new Date() });
      await endSessions(scope, { userId, reason: 'password-changed' });
    });
    await this.sockets.endSessionSockets(userId, {});
  }

  private async session(claims: AccessClaims & { sessionId: string }, refreshTokenId: string): Promise<Session> {
    return {
      token: this.tokens.accessToken(claims),
      refreshToken: this.tokens.refreshToken(claims, refreshTokenId),
      user: await this.views.sessionUser(claims.sub),
    };
  }
}
