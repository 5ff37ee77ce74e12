import { createHmac, timingSafeEqual } from 'node:crypto';

/** Header carrying `sha256=` + the hex HMAC-SHA256 of the raw body, both ways. */
export const SIGNATURE_HEADER = 'X-Switchboard-Signature';
/** Header carrying the delivery's time in Unix seconds (the body's `timestamp`, which the signature covers). */
export const TIMESTAMP_HEADER = 'X-Switchboard-Timestamp';
/** Header naming the outbound event (`message.created`, ...), as the body's `event`. */
export const EVENT_HEADER = 'X-Switchboard-Event';

export function signPayload(rawBody: Buffer | string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/** Whether `header` is the signature of `rawBody` with `secret`; compares in constant time. */
export function verifyPayload(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  if (!secret || typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length).trim().toLowerCase(), 'utf8');
  const expected = Buffer.from(createHmac('sha256', secret).update(rawBody).digest('hex'), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
