import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { inject, injectable } from '@switchboard/sdk';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { SecretKeys } from '../../platform/auth/app-secret.js';
import type { AccessClaims } from '../../platform/auth/tokens.js';

/** A signed link outlives a page showing it for a while, never a working day. */
export const mediaLinkTtlSeconds = 2 * 60 * 60;
/** An integration's upstream fetches the file it is told about at once. */
export const integrationLinkTtlSeconds = 15 * 60;

export interface MediaLink {
  url: string;
  expiresAt: string;
}

/**
 * Short-lived signed addresses of stored files, for what cannot send an Authorization header (an <img>, an
 * <audio>, a link opened in a new tab), so the access token itself never lands in a URL, a log or a Referer.
 * A link stands for the sign-in that asked for it and one file: it names that session and the user's token
 * version, and is checked as that session's access token would be (ended session, logout everywhere, suspended
 * company: refused), then with the user's current access to the file.
 */
@injectable()
export class MediaLinks {
  private readonly key: Buffer;
  private readonly integrationKey: Buffer;

  constructor(@inject(SecretKeys) secrets: SecretKeys) {
    // Its own key, derived from the token-signing one: a media signature can never pass as anything else.
    this.key = Buffer.from(hkdfSync('sha256', secrets.signing, 'switchboard', 'switchboard/media-links', 32));
    this.integrationKey = Buffer.from(hkdfSync('sha256', secrets.signing, 'switchboard', 'switchboard/media-links/integrations', 32));
  }

  /**
   * A link to one of a company's stored files for an integration's upstream (a bot that fetches the contact's voice
   * note itself): no user stands behind it, so it names only the file and lasts minutes. Its own key: a user's link
   * cannot pass for one, nor the reverse.
   */
  signForIntegration(companyId: number, stored: string, now = Date.now()): string {
    const expires = Math.floor(now / 1000) + integrationLinkTtlSeconds;
    const query = new URLSearchParams({
      expires: String(expires),
      integration: '1',
      signature: this.integrationSignature(companyId, expires, stored),
    });
    return `/media/${stored.split('/').map(encodeURIComponent).join('/')}?${query}`;
  }

  /** Whether the query is a live integration link to `stored`, a file of `companyId`'s folder. */
  verifyIntegration(query: Record<string, unknown>, stored: string, companyId: number, now = Date.now()): boolean {
    const expiry = Number(query.expires);
    if (typeof query.signature !== 'string' || !Number.isSafeInteger(expiry) || expiry * 1000 <= now) return false;
    const expected = Buffer.from(this.integrationSignature(companyId, expiry, stored));
    const given = Buffer.from(query.signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private integrationSignature(companyId: number, expires: number, stored: string): string {
    return createHmac('sha256', this.integrationKey).update([companyId, expires, stored].join('\n')).digest('base64url');
  }

  sign(auth: AuthContext, stored: string, now = Date.now()): MediaLink {
    const claims = { sub: auth.userId, companyId: auth.companyId, tokenVersion: auth.tokenVersion, sessionId: auth.sessionId };
    const expires = Math.floor(now / 1000) + mediaLinkTtlSeconds;
    const query = new URLSearchParams({
      expires: String(expires),
      uid: String(claims.sub),
      sid: claims.sessionId,
      tv: String(claims.tokenVersion),
      signature: this.signature(claims, expires, stored),
    });
    const address = stored.split('/').map(encodeURIComponent).join('/');
    return { url: `/media/${address}?${query}`, expiresAt: new Date(expires * 1000).toISOString() };
  }

  /**
   * The session a link's query stands for, when it signs `stored` and has not expired; otherwise undefined.
   * `companyId` is the company whose folder `stored` lies in.
   */
  verify(query: Record<string, unknown>, stored: string, companyId: number, now = Date.now()): AccessClaims | undefined {
    const { expires, uid, sid, tv, signature } = query;
    if (typeof signature !== 'string' || typeof sid !== 'string') return undefined;
    const claims = { sub: Number(uid), companyId, tokenVersion: Number(tv), sessionId: sid };
    const expiry = Number(expires);
    if (![expiry, claims.sub, claims.tokenVersion].every(Number.isSafeInteger) || expiry * 1000 <= now) return undefined;
    const expected = Buffer.from(this.signature(claims, expiry, stored));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? claims : undefined;
  }

  private signature(claims: Required<Pick<AccessClaims, 'sub' | 'tokenVersion' | 'sessionId'>>, expires: number, stored: string): string {
    const signed = [claims.sub, claims.sessionId, claims.tokenVersion, expires, stored].join('\n');
    return createHmac('sha256', this.key).update(signed).digest('base64url');
  }
}
