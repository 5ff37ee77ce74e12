import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SecretKeys } from '../../../core/dist/platform/auth/app-secret.js';
import { TokenService } from '../../../core/dist/platform/auth/tokens.js';
import type { E2eServer } from './server.js';

/**
 * The same sign-in's access token, already expired a minute ago: signed with the server's own key (the secret the
 * embedded server generated into its data directory) by the product's own token service, so the server refuses it
 * exactly as it refuses a token that outlived ACCESS_TOKEN_TTL.
 */
export function expiredAccessToken(server: E2eServer, token: string): string {
  const secret = readFileSync(path.join(server.dataDir, 'secret'), 'utf8').trim();
  const keys = new SecretKeys(secret);
  const claims = new TokenService(keys.signing, { access: 60, refresh: 60 }).verify('access', token);
  if (!claims) throw new Error('not a valid access token of this server');
  return new TokenService(keys.signing, { access: -60, refresh: 60 }).accessToken(claims);
}
