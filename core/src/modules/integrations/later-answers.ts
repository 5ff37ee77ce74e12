import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { inject, injectable, type LaterAnswerAddress } from '@switchboard/sdk';
import { SecretKeys } from '../../platform/auth/app-secret.js';
import { Config } from '../../platform/tokens.js';

/** Where integrations' upstreams POST their later answers (the external API's document describes it). */
export const LATER_ANSWERS_PATH = '/api/integrations/replies';
/** A workflow may wait on people or other systems before it answers; a day bounds a leaked key's use. */
export const LATER_ANSWER_TTL_SECONDS = 24 * 60 * 60;

/** Whose later answer a key is: one ticket, while one integration has it. */
export interface LaterAnswerClaims {
  companyId: number;
  ticketId: number;
  integrationId: number;
}

/**
 * The keys of later answers: `companyId.ticketId.integrationId.expires.signature`, signed with a key of their own
 * (derived from APP_SECRET), so nothing else signed by the server passes for one. A key opens one ticket's replies
 * only, and only while that integration still has the ticket (BotConversations checks it on use).
 */
@injectable()
export class LaterAnswerKeys {
  private readonly key: Buffer;

  constructor(
    @inject(SecretKeys) secrets: SecretKeys,
    @inject(Config) private readonly config: Config,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', secrets.signing, 'switchboard', 'switchboard/integration-later-answers', 32));
  }

  address(claims: LaterAnswerClaims, now: Date): LaterAnswerAddress {
    const expires = Math.floor(now.getTime() / 1000) + LATER_ANSWER_TTL_SECONDS;
    const payload = [claims.companyId, claims.ticketId, claims.integrationId, expires].join('.');
    return {
      url: new URL(LATER_ANSWERS_PATH, this.config.server.publicUrl).href,
      token: `${payload}.${this.signature(payload)}`,
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  }

  /** The claims of a key signed here and not expired; undefined for anything else. */
  verify(token: string | undefined, now: Date): LaterAnswerClaims | undefined {
    const parts = token?.split('.') ?? [];
    if (parts.length !== 5 || !parts.slice(0, 4).every((part) => /^\d{1,15}$/.test(part))) return undefined;
    const payload = parts.slice(0, 4).join('.');
    const expected = Buffer.from(this.signature(payload));
    const given = Buffer.from(parts[4]!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const [companyId, ticketId, integrationId, expires] = parts.slice(0, 4).map(Number) as [number, number, number, number];
    if (expires * 1000 <= now.getTime()) return undefined;
    return { companyId, ticketId, integrationId };
  }

  private signature(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
