import { createHmac, timingSafeEqual } from 'node:crypto';

/** The X-Hub-Signature-256 value Meta sends: `sha256=` + hex HMAC-SHA256 of the raw body with the app secret. */
export function signBody(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** Whether `header` is the right X-Hub-Signature-256 of `rawBody`; compares in constant time. */
export function verifySignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  if (!appSecret || typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length).trim().toLowerCase(), 'utf8');
  const expected = Buffer.from(createHmac('sha256', appSecret).update(rawBody).digest('hex'), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Compares two secrets in constant time (for equal lengths). */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length > 0 && left.length === right.length && timingSafeEqual(left, right);
}
