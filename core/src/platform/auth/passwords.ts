import bcrypt from 'bcryptjs';
import { randomBytes } from 'node:crypto';

const COST = 10;

export function hashPassword(plain: string): Promise<string> {
  return bcrypt.hash(plain, COST);
}

let throwaway: string | undefined;

export function verifyPassword(plain: string, hash: string | null | undefined): Promise<boolean> {
  // Compare against a throwaway hash when there is no user, so timing does not tell which e-mails exist.
  throwaway ??= bcrypt.hashSync(randomBytes(16).toString('hex'), COST);
  return bcrypt.compare(plain, hash ?? throwaway);
}

/** A random password that satisfies every rule (lowercase, uppercase, digit, 16 characters). */
export function randomPassword(): string {
  return `Sb${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}9a`;
}
