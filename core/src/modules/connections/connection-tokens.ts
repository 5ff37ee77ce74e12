import { randomBytes, randomInt } from 'node:crypto';
import type { SecretKeys } from '../../platform/auth/app-secret.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * Connection tokens (spec 2 §9: 30 random uppercase letters or digits, from a cryptographic generator).
 * Stored encrypted, plus a keyed hash so a call carrying a token finds its connection.
 */
export function newConnectionToken(): string {
  let token = '';
  for (let index = 0; index < 30; index += 1) token += ALPHABET[randomInt(ALPHABET.length)];
  return token;
}

export function storedToken(secrets: SecretKeys, token: string): { token: string; token_hash: string } {
  return { token: secrets.encrypt(token), token_hash: secrets.hash(`connection-token:${token}`) };
}

export function tokenHash(secrets: SecretKeys, token: string): string {
  return secrets.hash(`connection-token:${token}`);
}

/**
 * A connection's public identifier (what the widget's URL carries): 18 random bytes in base64url. Not a
 * credential: it opens only what the channel offers the public, never the external API.
 */
export function newPublicId(): string {
  return randomBytes(18).toString('base64url');
}
