import { inject, injectable } from '@switchboard/sdk';
import { Database } from '../../platform/database/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import { TokenService } from '../../platform/auth/tokens.js';
import { SocketSessions } from '../realtime/socket-sessions.js';
import { UserViews } from '../users/user-view.js';

export interface Session {
  token: string;
  refreshToken: string;
  user: Record<string, unknown>;
}

/** Sign-in, token refresh and sign-out. Signing in ends the user's other sessions (token version). */
@injectable()
export class AuthService {
  constructor(
    @inject(Database) private readonly database: Database,
    @inject(TokenService) private readonly tokens: TokenService,
    @inject(UserViews) private readonly views: UserViews,
    @inject(SocketSessions) private readonly sockets: SocketSessions,
  ) {}

  async login(options: { email: string; password: string }): Promise<Session> {
    const knex = this.database.knex;
    const user = await knex('users').whereRaw('lower(email) = ?', [options.email.toLowerCase()]).first('id', 'company_id', 'password_hash');
    const valid = await verifyPassword(options.password, user?.password_hash);
    if (!user || !valid)
      throw new AppError('ERR_INVALID_CREDENTIALS', 401, { message: 'Erro ao fazer login. Verifique suas credenciais.' });
    const now = new Date();
    const [{ token_version: tokenVersion }] = await knex('users')
      .where('id', user.id)
      .update({ token_version: knex.raw('token_version + 1'), last_login: now, online: true, updated_at: now })
      .returning('token_version');
    await knex('companies').where('id', user.company_id).update({ last_login: now });
    await this.sockets.endOlderSessions(user.id, tokenVersion, 'elsewhere');
    return this.session({ userId: user.id, companyId: user.company_id, tokenVersion });
  }

  /** A new access token and a new refresh token (rotation) for a valid refresh token. */
  async refresh(refreshToken: string | undefined): Promise<Session> {
    const claims = refreshToken ? this.tokens.verify('refresh', refreshToken) : null;
    if (!claims) throw new AppError('ERR_SESSION_EXPIRED', 401);
    const user = await this.database.knex('users').where('id', claims.sub).first('id', 'company_id', 'token_version');
    if (!user || user.token_version !== claims.tokenVersion) throw new AppError('ERR_SESSION_EXPIRED', 401);
    return this.session({ userId: user.id, companyId: user.company_id, tokenVersion: user.token_version });
  }

  /** Ends every session of the user (all devices). */
  async logout(userId: number): Promise<void> {
    const [user] = await this.database
      .knex('users')
      .where('id', userId)
      .update({ token_version: this.database.knex.raw('token_version + 1'), online: false, updated_at: new Date() })
      .returning('token_version');
    if (user) await this.sockets.endOlderSessions(userId, user.token_version, 'logout');
  }

  /** The user a still-valid access or refresh token names, if any (logout works with either). */
  identify(options: { accessToken?: string; refreshToken?: string }): number | undefined {
    const access = options.accessToken ? this.tokens.verify('access', options.accessToken) : null;
    if (access) return access.sub;
    const refresh = options.refreshToken ? this.tokens.verify('refresh', options.refreshToken) : null;
    return refresh?.sub;
  }

  me(userId: number): Promise<Record<string, unknown>> {
    return this.views.sessionUser(userId);
  }

  async setPassword(userId: number, password: string): Promise<void> {
    await this.database
      .knex('users')
      .where('id', userId)
      .update({
        password_hash: await hashPassword(password),
        token_version: this.database.knex.raw('token_version + 1'),
        updated_at: new Date(),
      });
  }

  private async session(claims: { userId: number; companyId: number; tokenVersion: number }): Promise<Session> {
    const tokenClaims = { sub: claims.userId, companyId: claims.companyId, tokenVersion: claims.tokenVersion };
    return {
      token: this.tokens.accessToken(tokenClaims),
      refreshToken: this.tokens.refreshToken(tokenClaims),
      user: await this.views.sessionUser(claims.userId),
    };
  }
}
