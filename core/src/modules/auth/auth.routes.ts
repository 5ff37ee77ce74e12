import type { Response } from 'express';
import { inject, injectable } from '@switchboard/sdk';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { signedInEvenExpired } from '../../platform/http/access.js';
import { RateLimits } from '../../platform/http/rate-limits.js';
import { validate } from '../../platform/http/validation.js';
import { Config } from '../../platform/tokens.js';
import { SignupService } from '../companies/index.js';
import {
  loginSchema,
  nationalPhoneDigits,
  normalisedEmail,
  recoveryResetSchema,
  recoverySendSchema,
  recoveryVerifySchema,
  signupSchema,
} from './auth.schema.js';
import { AuthService, type Session } from './auth.service.js';
import { RecoveryService } from './recovery.service.js';

const REFRESH_COOKIE = 'jrt';
const FIFTEEN_MINUTES = 15 * 60_000;

@injectable()
export class AuthRoutes implements RouteContribution {
  readonly area = 'auth';

  constructor(
    @inject(AuthService) private readonly auth: AuthService,
    @inject(SignupService) private readonly signups: SignupService,
    @inject(RecoveryService) private readonly recovery: RecoveryService,
    @inject(RateLimits) private readonly limits: RateLimits,
    @inject(Config) private readonly config: Config,
  ) {}

  register(api: ApiRouter): void {
    // Ten failed sign-ins for one e-mail (as login reads it) from one client address, or thirty from one address
    // for any e-mails, then 429 for fifteen minutes. The address is the client's as TRUST_PROXY allows.
    const loginAccountLimit = this.limits.create({
      name: 'login',
      windowMs: FIFTEEN_MINUTES,
      limit: 10,
      failuresOnly: true,
      key: (req) => `${req.ip}|${normalisedEmail(req.body?.email)}`,
    });
    const loginAddressLimit = this.limits.create({
      name: 'login-address',
      windowMs: FIFTEEN_MINUTES,
      limit: 30,
      failuresOnly: true,
      key: (req) => String(req.ip),
    });
    const signupLimit = this.limits.create({ name: 'signup', windowMs: 60 * 60_000, limit: 20 });
    // Per address: sending costs a message, guessing is bounded again by the 3 attempts of each code.
    const sendCodeLimit = this.limits.create({ name: 'recovery-send', windowMs: FIFTEEN_MINUTES, limit: 10 });
    const verifyCodeLimit = this.limits.create({ name: 'recovery-verify', windowMs: FIFTEEN_MINUTES, limit: 30 });
    const resetLimit = this.limits.create({ name: 'recovery-reset', windowMs: FIFTEEN_MINUTES, limit: 10 });

    api.post(
      '/auth/login',
      'public',
      async ({ body, res }) => {
        const credentials = await validate(loginSchema, body);
        return this.answerSession(res, await this.auth.login(credentials));
      },
      { before: [loginAddressLimit, loginAccountLimit] },
    );

    api.post('/auth/refresh_token', 'public', async ({ req, res }) => {
      try {
        return this.answerSession(res, await this.auth.refresh(req.cookies?.[REFRESH_COOKIE]));
      } catch (error) {
        res.clearCookie(REFRESH_COOKIE, { path: '/auth' });
        throw error;
      }
    });

    api.delete('/auth/logout', 'public', async ({ req, res }) => {
      const accessToken = req.headers.authorization?.split(' ')[1];
      const owner = this.auth.identify({ accessToken, refreshToken: req.cookies?.[REFRESH_COOKIE] });
      if (owner) await this.auth.logout(owner);
      res.clearCookie(REFRESH_COOKIE, { path: '/auth' });
      return { message: 'Logged out' };
    });

    // The expiry page (/financeiro-aberto) reads the session too.
    api.get('/auth/me', signedInEvenExpired, ({ auth }) => this.auth.me(auth.userId));

    api.post(
      '/auth/signup',
      'public',
      async ({ body }) => {
        const input = await validate(signupSchema, body);
        const created = await this.signups.signup({ ...input, phone: nationalPhoneDigits(input.phone) });
        return { message: 'Cadastro realizado com sucesso!', ...created };
      },
      { before: [signupLimit], status: 201 },
    );

    api.post(
      '/api/enviar-email',
      'public',
      async ({ body }) => {
        const { wpp } = await validate(recoverySendSchema, body);
        await this.recovery.sendCode(wpp);
        return { message: 'Código de verificação enviado com sucesso!' };
      },
      { before: [sendCodeLimit] },
    );

    api.get(
      '/api/verificar-code/:number',
      'public',
      async ({ params, query }) => {
        const { code } = await validate(recoveryVerifySchema, query);
        const verified = await this.recovery.verifyCode(params.number, code);
        return { message: 'Código validado com sucesso', valid: true, ...verified };
      },
      { before: [verifyCodeLimit] },
    );

    api.put(
      '/api/atualizar-senha',
      'public',
      async ({ body }) => {
        const input = await validate(recoveryResetSchema, body);
        await this.recovery.resetPassword(input);
        return { message: 'Senha atualizada com sucesso!' };
      },
      { before: [resetLimit] },
    );
  }

  private answerSession(res: Response, session: Session) {
    res.cookie(REFRESH_COOKIE, session.refreshToken, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.server.publicUrl.startsWith('https://'),
      path: '/auth',
      maxAge: this.config.auth.refreshTokenTtl * 1000,
    });
    return { token: session.token, user: session.user };
  }
}
