import { createHmac, timingSafeEqual } from 'node:crypto';

/** `sha256=` + the hex HMAC-SHA256 of the raw body with the integration's secret. */
export const SIGNATURE_HEADER = 'X-Switchboard-Signature';
/** The event's time in Unix seconds (the body's `timestamp`, which the signature covers). */
export const TIMESTAMP_HEADER = 'X-Switchboard-Timestamp';

export function signEvent(rawBody: string | Buffer, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/** What a receiver does: whether `header` signs `rawBody` with `secret`, compared in constant time. */
export function verifyEvent(rawBody: string | Buffer, header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const expected = Buffer.from(signEvent(rawBody, secret));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
