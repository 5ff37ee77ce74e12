import { randomInt, timingSafeEqual } from 'node:crypto';
import { inject, injectable } from '@switchboard/sdk';
import { AppError } from '../../platform/http/app-error.js';
import { SecretKeys } from '../../platform/auth/app-secret.js';
import { SUPER_COMPANY_ID } from '../../platform/auth/auth-context.js';
import { TokenService } from '../../platform/auth/tokens.js';
import { LiveSessions, type LiveSession } from '../../platform/channels/live-sessions.js';
import { RateLimits, type HitCounter } from '../../platform/http/rate-limits.js';
import { SystemData } from '../../platform/system-data.js';
import { Logger } from '../../platform/tokens.js';
import { nationalPhoneDigits } from './auth.schema.js';
import { AuthService } from './auth.service.js';

const CODE_TTL_MS = 10 * 60_000;
const MAX_ATTEMPTS = 3;

interface RecoveringUser {
  id: number;
  company_id: number;
  token_version: number;
}

/**
 * Password recovery through the messaging app (DESIGN §7): a system path, since the number is all that is known.
 * The code goes out on the super company's default connection, is stored only as a keyed hash, expires in 10
 * minutes, allows 3 attempts and is checked here. Whether or not the number belongs to a user, both steps do the
 * same work and answer alike: sending draws and hashes a code and answers before the message leaves; checking
 * counts wrong codes per number, so the third one answers ERR_TOO_MANY_ATTEMPTS for any number.
 */
@injectable()
export class RecoveryService {
  /** Wrong codes per number within a code's lifetime: shapes the answers, the same for unknown numbers. */
  private readonly failures: HitCounter;

  constructor(
    @inject(SystemData) private readonly system: SystemData,
    @inject(SecretKeys) private readonly secrets: SecretKeys,
    @inject(TokenService) private readonly tokens: TokenService,
    @inject(LiveSessions) private readonly sessions: LiveSessions,
    @inject(AuthService) private readonly auth: AuthService,
    @inject(RateLimits) limits: RateLimits,
    @inject(Logger) private readonly logger: Logger,
  ) {
    this.failures = limits.counter('recovery-code-failures', CODE_TTL_MS);
  }

  async sendCode(wpp: string): Promise<void> {
    const knex = this.system.knex;
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
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const codeHash = this.secrets.hash(code);
    await this.failures.reset(nationalPhoneDigits(wpp));
    // The message leaves after the answer, so neither its delay nor its failure tells that the number is a user's.
    if (user) {
      void this.deliver(live, user, wpp, code, codeHash).catch((error: unknown) => {
        this.logger.warn({ err: error, userId: user.id }, 'password recovery code not sent');
      });
    }
  }

  /**
   * Checks a code; the answer carries a short-lived token that allows the password change. Each check takes one
   * of the code's 3 attempts in the same statement that checks there is one left, so parallel guesses share them.
   */
  async verifyCode(wpp: string, code: string): Promise<{ userId: number; token: string }> {
    const user = await this.findUserByNumber(wpp);
    const given = Buffer.from(this.secrets.hash(code));
    // An unknown number runs the same statement (matching no row), so the time taken does not tell them apart.
    const pending = await this.takeAttempt(user?.id ?? 0);
    const stored = Buffer.from(pending?.code_hash ?? '');
    if (user && pending && given.length === stored.length && timingSafeEqual(given, stored)) {
      const consumed = await this.system
        .knex('password_recovery_codes')
        .where('id', pending.id)
        .whereNull('consumed_at')
        .update({ consumed_at: new Date(), updated_at: new Date() });
      if (consumed === 1) {
        await this.failures.reset(nationalPhoneDigits(wpp));
        return {
          userId: user.id,
          token: this.tokens.resetToken({ sub: user.id, companyId: user.company_id, tokenVersion: user.token_version }),
        };
      }
    }
    if (pending && pending.attempts >= MAX_ATTEMPTS) {
      await this.system.knex('password_recovery_codes').where('id', pending.id).update({ consumed_at: new Date() });
    }
    const failures = await this.failures.hit(nationalPhoneDigits(wpp));
    if (failures >= MAX_ATTEMPTS) throw tooManyAttempts();
    throw new AppError('ERR_INVALID_CODE', 400, { message: 'Código de verificação inválido' });
  }

  async resetPassword(options: { token: string; userId?: number; newPassword: string }): Promise<void> {
    const claims = this.tokens.verify('reset', options.token);
    const invalid = new AppError('ERR_INVALID_CODE', 400, { message: 'Código de verificação inválido' });
    if (!claims || (options.userId !== undefined && options.userId !== claims.sub)) throw invalid;
    const user = await this.system.knex('users').where('id', claims.sub).first('token_version');
    // The change raises the token version, so the same reset token cannot be used twice.
    if (!user || user.token_version !== claims.tokenVersion) throw invalid;
    await this.auth.setPassword(claims.sub, options.newPassword);
  }

  private async deliver(live: LiveSession, user: RecoveringUser, wpp: string, code: string, codeHash: string): Promise<void> {
    await this.system.knex.transaction(async (trx) => {
      await trx('password_recovery_codes').where({ user_id: user.id }).whereNull('consumed_at').update({ consumed_at: new Date() });
      await trx('password_recovery_codes').insert({
        company_id: user.company_id,
        user_id: user.id,
        code_hash: codeHash,
        expires_at: new Date(Date.now() + CODE_TTL_MS),
      });
    });
    await live.session.send({
      messageId: 0,
      to: { address: wpp },
      body: `Seu código de verificação é ${code}. Ele expira em 10 minutos.`,
    });
  }

  /** One attempt of the user's live code, if it has one left: the row with the attempts now used. */
  private async takeAttempt(userId: number): Promise<{ id: number; code_hash: string; attempts: number } | undefined> {
    const knex = this.system.knex;
    const latest = knex('password_recovery_codes')
      .where({ user_id: userId })
      .whereNull('consumed_at')
      .where('expires_at', '>', new Date())
      .orderBy('id', 'desc')
      .limit(1)
      .select('id');
    const [row] = await knex('password_recovery_codes')
      .whereIn('id', latest)
      .where('attempts', '<', MAX_ATTEMPTS)
      .whereNull('consumed_at')
      .update({ attempts: knex.raw('attempts + 1'), updated_at: new Date() })
      .returning(['id', 'code_hash', 'attempts']);
    return row;
  }

  private async findUserByNumber(wpp: string): Promise<RecoveringUser | undefined> {
    const digits = wpp.replace(/\D/g, '');
    const variants = digits.startsWith('55') ? [digits, digits.slice(2)] : [digits, `55${digits}`];
    return this.system
      .knex('users')
      .whereRaw(`regexp_replace(coalesce(wpp, ''), '\\D', '', 'g') = any(?)`, [variants])
      .orderBy('id')
      .first('id', 'company_id', 'token_version');
  }
}

function tooManyAttempts(): AppError {
  return new AppError('ERR_TOO_MANY_ATTEMPTS', 429, { message: 'Tentativas excedidas. Redirecionando para login' });
}
