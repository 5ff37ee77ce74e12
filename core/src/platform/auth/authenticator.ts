import type { Request } from 'express';
import type { Knex } from 'knex';
import { AppError } from '../http/app-error.js';
import { planFlags, SUPER_COMPANY_ID, type AuthContext, type PlanFlag, type Profile } from './auth-context.js';
import type { TokenService } from './tokens.js';

/**
 * Reads the bearer token and loads the caller. An expired or malformed access token answers 403 so the web
 * app refreshes once and retries (spec 1 §4); a token of an ended session (logout, login elsewhere) answers 401.
 */
export class Authenticator {
  constructor(
    private readonly knex: Knex,
    private readonly tokens: TokenService,
  ) {}

  async authenticate(req: Request): Promise<AuthContext> {
    const header = req.headers.authorization ?? '';
    const [scheme, token] = header.split(' ');
    return this.authenticateToken(scheme?.toLowerCase() === 'bearer' ? token : undefined);
  }

  /** The same check for a bare access token (the socket handshake sends one). */
  async authenticateToken(token: string | undefined): Promise<AuthContext> {
    if (!token) throw new AppError('ERR_SESSION_EXPIRED', 401);
    const claims = this.tokens.verify('access', token);
    if (!claims) throw new AppError('ERR_SESSION_EXPIRED', 403);
    const context = await this.load(claims.sub);
    if (!context || context.tokenVersion !== claims.tokenVersion) throw new AppError('ERR_SESSION_EXPIRED', 401);
    return context;
  }

  /** The context of a user, or null when the user no longer exists. */
  async load(userId: number): Promise<AuthContext | null> {
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
      );
    if (!row) return null;
    const plan = Object.fromEntries(planFlags.map((flag) => [flag, Boolean(row[snake(flag)])])) as Record<PlanFlag, boolean>;
    const dueDate = row.due_date ? new Date(row.due_date) : null;
    return {
      userId: row.id,
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
  }
}

function snake(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}
