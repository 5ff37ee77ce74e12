import jwt from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import { AppError } from '../http/app-error.js';

export interface AccessClaims {
  sub: number;
  companyId: number;
  tokenVersion: number;
}

type Kind = 'access' | 'refresh' | 'reset';

/** Signs and checks the short-lived access token, the refresh token (cookie) and the password-reset token. */
export class TokenService {
  constructor(
    private readonly key: Buffer,
    private readonly ttl: { access: number; refresh: number },
  ) {}

  accessToken(claims: AccessClaims): string {
    return this.sign('access', claims, this.ttl.access);
  }

  refreshToken(claims: AccessClaims): string {
    return this.sign('refresh', claims, this.ttl.refresh);
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
      return { sub, companyId: Number(payload.companyId), tokenVersion: Number(payload.tokenVersion) };
    } catch {
      return null;
    }
  }

  verifyOrThrow(kind: Kind, token: string, status = 401): AccessClaims {
    const claims = this.verify(kind, token);
    if (!claims) throw new AppError('ERR_SESSION_EXPIRED', status);
    return claims;
  }

  private sign(kind: Kind, claims: AccessClaims, ttlSeconds: number): string {
    return jwt.sign({ kind, companyId: claims.companyId, tokenVersion: claims.tokenVersion }, this.key, {
      algorithm: 'HS256',
      subject: String(claims.sub),
      expiresIn: ttlSeconds,
      jwtid: randomUUID(),
    });
  }
}
