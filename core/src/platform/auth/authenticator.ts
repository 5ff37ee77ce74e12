import type { Request } from 'express';
import type { Knex } from 'knex';
import { AppError } from '../http/app-error.js';
import { planFlags, SUPER_COMPANY_ID, type AuthContext, type PlanFlag, type Profile } from './auth-context.js';
import type { AccessClaims, TokenService } from './tokens.js';

export interface AuthenticateOptions {
  /** The caller's company may be past its due date (the expiry page's own calls). */
  allowExpired?: boolean;
}

/** The token of an `Authorization: Bearer <token>` header, if the request has one. */
export function bearerToken(req: Request): string | undefined {
  const [scheme, token] = (req.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** A suspended company (status false): sign-in and every token of it are refused. */
export function companyInactive(): AppError {
  return new AppError('ERR_COMPANY_INACTIVE', 401, { message: 'Empresa inativa. Entre em contato com o suporte.' });
}

function subscriptionExpired(dueDate: Date | null): AppError {
  const date = dueDate?.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
  const message = `Sua assinatura ${date ? `venceu em ${date}` : 'está vencida'}. Entre em contato com o suporte.`;
  return new AppError('ERR_SUBSCRIPTION_EXPIRED', 403, { message });
}

/**
 * Reads the bearer token and loads the caller. An expired or malformed access token answers 403 so the web
 * app refreshes once and retries (spec 1 §4); a token of an ended session (logout, login elsewhere, a password
 * change, a replayed refresh token) answers 401. The same one query per request also reads the company, so a
 * suspension (401) or a passed due date (403 outside the expiry page's routes) applies at the next request.
 */
export class Authenticator {
  constructor(
    private readonly knex: Knex,
    private readonly tokens: TokenService,
  ) {}

  async authenticate(req: Request, options: AuthenticateOptions = {}): Promise<AuthContext> {
    return this.authenticateToken(bearerToken(req), options);
  }

  /** The same check for a bare access token (the socket handshake sends one). */
  async authenticateToken(token: string | undefined, options: AuthenticateOptions = {}): Promise<AuthContext> {
    if (!token) throw new AppError('ERR_SESSION_EXPIRED', 401);
    const claims = this.tokens.verify('access', token);
    if (!claims) throw new AppError('ERR_SESSION_EXPIRED', 403);
    return this.authenticateClaims(claims, options);
  }

  /**
   * The check behind every credential once its signature holds (an access token's claims, or a signed media link's):
   * the session still open, the token version current, the company active and paid.
   */
  async authenticateClaims(claims: AccessClaims, options: AuthenticateOptions = {}): Promise<AuthContext> {
    const loaded = claims.sessionId ? await this.load(claims.sub, claims.sessionId) : null;
    if (!loaded || !loaded.sessionLive || loaded.context.tokenVersion !== claims.tokenVersion) {
      throw new AppError('ERR_SESSION_EXPIRED', 401);
    }
    if (!loaded.companyActive) throw companyInactive();
    if (loaded.context.expired && !options.allowExpired) throw subscriptionExpired(loaded.context.companyDueDate);
    return loaded.context;
  }

  /**
   * The context of a user in one of their sessions, whether that session is still open and whether the company
   * is active (company 1 always is); null when the user no longer exists.
   */
  private async load(
    userId: number,
    sessionId: string,
  ): Promise<{ context: AuthContext; sessionLive: boolean; companyActive: boolean } | null> {
    const sessionLive = this.knex.raw(
      'exists (select 1 from auth_sessions s where s.id = ? and s.user_id = u.id and s.ended_at is null) as session_live',
      [sessionId],
    );
    const row = await this.knex('users as u')
      .join('companies as c', 'c.id', 'u.company_id')
      .join('plans as p', 'p.id', 'c.plan_id')
      .where('u.id', userId)
      .first(
        'u.id',
        'u.company_id',
        'u.name',
        'u.profile',
        'u.super',
        'u.token_version',
        'u.all_ticket',
        'u.allow_group',
        'u.show_dashboard',
        'u.allow_real_time',
        'u.allow_connections',
        'c.due_date',
        'c.status as company_status',
        'p.use_whatsapp',
        'p.use_facebook',
        'p.use_instagram',
        'p.use_campaigns',
        'p.use_schedules',
        'p.use_internal_chat',
        'p.use_external_api',
        'p.use_kanban',
        'p.use_open_ai',
        'p.use_integrations',
        sessionLive,
      );
    if (!row) return null;
    const plan = Object.fromEntries(planFlags.map((flag) => [flag, Boolean(row[snake(flag)])])) as Record<PlanFlag, boolean>;
    const dueDate = row.due_date ? new Date(row.due_date) : null;
    const context: AuthContext = {
      userId: row.id,
      sessionId,
      companyId: row.company_id,
      name: row.name,
      profile: row.profile as Profile,
      super: Boolean(row.super),
      tokenVersion: row.token_version,
      allTicket: row.all_ticket,
      allowGroup: Boolean(row.allow_group),
      permissions: {
        showDashboard: row.show_dashboard === 'enabled',
        allowRealTime: row.allow_real_time === 'enabled',
        allowConnections: row.allow_connections === 'enabled',
      },
      plan,
      companyDueDate: dueDate,
      expired: row.company_id !== SUPER_COMPANY_ID && (!dueDate || dueDate.getTime() < Date.now()),
    };
    const companyActive = row.company_id === SUPER_COMPANY_ID || Boolean(row.company_status);
    return { context, sessionLive: Boolean(row.session_live), companyActive };
  }
}

function snake(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}
