import jwt from 'jsonwebtoken';
import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import { AppError } from '../http/app-error.js';

export interface AccessClaims {
  sub: number;
  companyId: number;
  tokenVersion: number;
  /** The sign-in (auth_sessions row) the token belongs to; a reset token has none. */
  sessionId?: string;
  /** A refresh token's own id: the session's current one, or a replay. */
  tokenId?: string;
}

type Kind = 'access' | 'refresh' | 'reset';

/** Signs and checks the short-lived access token, the refresh token (cookie) and the password-reset token. */
export class TokenService {
  /**
   * A secret KeyObject, not the Buffer: given a Buffer, jsonwebtoken first tries it as a public key and fails, which
   * costs ~0.3 ms on every verification (each request, each socket handshake); the KeyObject costs ~7 µs.
   */
  private readonly key: KeyObject;

  constructor(
    key: Buffer,
    private readonly ttl: { access: number; refresh: number },
  ) {
    this.key = createSecretKey(key);
  }

  accessToken(claims: AccessClaims): string {
    return this.sign('access', claims, this.ttl.access);
  }

  /** A refresh token whose id is `tokenId` (stored as the session's current token). */
  refreshToken(claims: AccessClaims, tokenId: string): string {
    return this.sign('refresh', claims, this.ttl.refresh, tokenId);
  }

  /** Proof that a recovery code was verified for this user, good for 10 minutes. */
  resetToken(claims: AccessClaims): string {
    return this.sign('reset', claims, 600);
  }

  get refreshTtlSeconds(): number {
    return this.ttl.refresh;
  }

  /** The claims of a valid token of the given kind, or null. */
  verify(kind: Kind, token: string): AccessClaims | null {
    try {
      const payload = jwt.verify(token, this.key, { algorithms: ['HS256'] }) as jwt.JwtPayload;
      if (payload.kind !== kind) return null;
      const sub = Number(payload.sub);
      if (!Number.isSafeInteger(sub)) return null;
      return {
        sub,
        companyId: Number(payload.companyId),
        tokenVersion: Number(payload.tokenVersion),
        sessionId: typeof payload.sid === 'string' ? payload.sid : undefined,
        tokenId: payload.jti,
      };
    } catch {
      return null;
    }
  }

  verifyOrThrow(kind: Kind, token: string, status = 401): AccessClaims {
    const claims = this.verify(kind, token);
    if (!claims) throw new AppError('ERR_SESSION_EXPIRED', status);
    return claims;
  }

  private sign(kind: Kind, claims: AccessClaims, ttlSeconds: number, tokenId: string = randomUUID()): string {
    const payload = { kind, companyId: claims.companyId, tokenVersion: claims.tokenVersion, sid: claims.sessionId };
    return jwt.sign(payload, this.key, {
      algorithm: 'HS256',
      subject: String(claims.sub),
      expiresIn: ttlSeconds,
      jwtid: tokenId,
    });
  }
}
