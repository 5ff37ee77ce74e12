import { randomInt, timingSafeEqual } from 'node:crypto';
import { inject, injectable } from '@switchboard/sdk';
import { Database } from '../../platform/database/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { SecretKeys } from '../../platform/auth/app-secret.js';
import { SUPER_COMPANY_ID } from '../../platform/auth/auth-context.js';
import { TokenService } from '../../platform/auth/tokens.js';
import { LiveSessions } from '../../platform/channels/live-sessions.js';
import { AuthService } from './auth.service.js';

const CODE_TTL_MS = 10 * 60_000;
const MAX_ATTEMPTS = 3;

/**
 * Password recovery through the messaging app (DESIGN §7): the code goes out on the super company's default
 * connection, is stored only as a keyed hash, expires in 10 minutes, allows 3 attempts and is checked here.
 * Sending answers alike whether or not the number belongs to a user.
 */
@injectable()
export class RecoveryService {
  constructor(
    @inject(Database) private readonly database: Database,
    @inject(SecretKeys) private readonly secrets: SecretKeys,
    @inject(TokenService) private readonly tokens: TokenService,
    @inject(LiveSessions) private readonly sessions: LiveSessions,
    @inject(AuthService) private readonly auth: AuthService,
  ) {}

  async sendCode(wpp: string): Promise<void> {
    const knex = this.database.knex;
    const connection = await knex('connections').where({ company_id: SUPER_COMPANY_ID, is_default: true }).first('id');
    if (!connection) {
      throw new AppError('ERR_NO_DEF_WAPP_FOUND', 503, {
        message: 'A recuperação de senha está indisponível: nenhuma conexão padrão configurada',
      });
    }
    const live = this.sessions.get(connection.id);
    if (!live) {
      throw new AppError('ERR_WAPP_NOT_INITIALIZED', 503, {
        message: 'A recuperação de senha está indisponível: a conexão padrão não está conectada',
      });
    }
    const user = await this.findUserByNumber(wpp);
    if (!user) return;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await knex.transaction(async (trx) => {
      await trx('password_recovery_codes').where({ user_id: user.id }).whereNull('consumed_at').update({ consumed_at: new Date() });
      await trx('password_recovery_codes').insert({
        company_id: user.company_id,
        user_id: user.id,
        code_hash: this.secrets.hash(code),
        expires_at: new Date(Date.now() + CODE_TTL_MS),
      });
    });
    try {
      await live.session.send({
        messageId: 0,
        to: { address: wpp },
        body: `Seu código de verificação é ${code}. Ele expira em 10 minutos.`,
      });
    } catch {
      throw new AppError('ERR_SENDING_WAPP_MSG', 502, { message: 'Erro ao enviar código de verificação' });
    }
  }

  /** Checks a code; the answer carries a short-lived token that allows the password change. */
  async verifyCode(wpp: string, code: string): Promise<{ userId: number; token: string }> {
    const knex = this.database.knex;
    const user = await this.findUserByNumber(wpp);
    const pending = user
      ? await knex('password_recovery_codes')
          .where({ user_id: user.id })
          .whereNull('consumed_at')
          .where('expires_at', '>', new Date())
          .orderBy('id', 'desc')
          .first('id', 'code_hash', 'attempts')
      : undefined;
    const invalid = new AppError('ERR_INVALID_CODE', 400, { message: 'Código de verificação inválido' });
    if (!user || !pending) throw invalid;
    if (pending.attempts >= MAX_ATTEMPTS) throw tooManyAttempts();
    const given = Buffer.from(this.secrets.hash(code));
    const stored = Buffer.from(pending.code_hash);
    if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
      const [{ attempts }] = await knex('password_recovery_codes')
        .where('id', pending.id)
        .update({ attempts: knex.raw('attempts + 1'), updated_at: new Date() })
        .returning('attempts');
      if (attempts >= MAX_ATTEMPTS) {
        await knex('password_recovery_codes').where('id', pending.id).update({ consumed_at: new Date() });
        throw tooManyAttempts();
      }
      throw invalid;
    }
    await knex('password_recovery_codes').where('id', pending.id).update({ consumed_at: new Date() });
    return {
      userId: user.id,
      token: this.tokens.resetToken({ sub: user.id, companyId: user.company_id, tokenVersion: user.token_version }),
    };
  }

  async resetPassword(options: { token: string; userId?: number; newPassword: string }): Promise<void> {
    const claims = this.tokens.verify('reset', options.token);
    const invalid = new AppError('ERR_INVALID_CODE', 400, { message: 'Código de verificação inválido' });
    if (!claims || (options.userId !== undefined && options.userId !== claims.sub)) throw invalid;
    const user = await this.database.knex('users').where('id', claims.sub).first('token_version');
    // The change raises the token version, so the same reset token cannot be used twice.
    if (!user || user.token_version !== claims.tokenVersion) throw invalid;
    await this.auth.setPassword(claims.sub, options.newPassword);
  }

  private async findUserByNumber(wpp: string): Promise<{ id: number; company_id: number; token_version: number } | undefined> {
    const digits = wpp.replace(/\D/g, '');
    const variants = digits.startsWith('55') ? [digits, digits.slice(2)] : [digits, `55${digits}`];
    return this.database
      .knex('users')
      .whereRaw(`regexp_replace(coalesce(wpp, ''), '\\D', '', 'g') = any(?)`, [variants])
      .orderBy('id')
      .first('id', 'company_id', 'token_version');
  }
}

function tooManyAttempts(): AppError {
  return new AppError('ERR_TOO_MANY_ATTEMPTS', 429, { message: 'Tentativas excedidas. Redirecionando para login' });
}
