import { randomUUID } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import type { IntegrationEvent } from './integration-event.js';

/** Names the event in a header, so a receiver can route without parsing the body. */
export const EVENT_HEADER = 'X-Switchboard-Event';
/** The same on every attempt of one delivery: a receiver drops repeats by it. */
export const DELIVERY_HEADER = 'X-Switchboard-Delivery';
const USER_AGENT = 'Switchboard-Integration/1';
/** An answer past this size is refused rather than read into memory. */
const MAX_ANSWER_CHARS = 1024 * 1024;
/** A receiver's Retry-After is honoured up to this long (core's own wait bounds it anyway). */
const MAX_RETRY_AFTER_MS = 30_000;

export interface RetryPolicy {
  /** The waits before each retry; as many retries follow the first attempt as there are waits. */
  retryDelaysMs: readonly number[];
  /** One attempt gives up after this long and counts as a network failure; unset, only the caller's signal ends it. */
  attemptTimeoutMs?: number;
}

/** One attempt of a delivery, as the delivery log keeps it (never a header or the body). */
export interface DeliveryAttempt {
  /** ISO 8601. */
  at: string;
  /** The HTTP status answered; absent when none came (network error, timeout). */
  status?: number;
  durationMs: number;
  error?: string;
}

/** One event's delivery: its attempts and how it ended. */
export interface DeliveryRecord {
  id: string;
  event: IntegrationEvent['event'];
  /** The receiver's origin only: a URL's path and query may be credentials (n8n's webhook path). */
  target: string;
  at: string;
  /** delivered: a 2xx; refused: a 4xx (but 429) or a redirect, not retried; failed: attempts ran out; aborted: the caller stopped waiting. */
  outcome: 'delivered' | 'refused' | 'failed' | 'aborted';
  attempts: DeliveryAttempt[];
}

/** The delivery did not get a 2xx; `record` says what each attempt got. */
export class EventDeliveryError extends Error {
  constructor(
    message: string,
    readonly record: DeliveryRecord,
  ) {
    super(message);
    this.name = 'EventDeliveryError';
  }
}

export interface EventDelivery {
  url: string;
  event: IntegrationEvent;
  /** 'webhook', 'n8n': names the receiver in errors and log lines. */
  upstream: string;
  retry: RetryPolicy;
  /** Aborted when the caller gives up: no further attempt or wait. */
  signal: AbortSignal;
  /** Extra headers for these exact bytes (a signature); computed once, so every attempt sends the same. */
  headers?(body: string, event: IntegrationEvent): Record<string, string>;
  log?: { info(data: object, message: string): void; warn(data: object, message: string): void };
}

export interface DeliveredEvent {
  record: DeliveryRecord;
  status: number;
  text: string;
  contentType: string | null;
}

type AttemptOutcome =
  { answered: true; status: number; text: string; contentType: string | null; retryAfterMs: number } | { answered: false; error: string };

/**
 * POSTs the event as JSON, retrying network failures, 5xx and 429 after the policy's waits (or the receiver's longer
 * Retry-After). A 4xx other than 429, or a redirect, is the receiver's refusal and is not retried. Each attempt is
 * logged (status, duration, error: no body, no header) and kept in the answered DeliveryRecord.
 */
export async function deliverEvent(delivery: EventDelivery): Promise<DeliveredEvent> {
  const { url, event, upstream, retry, signal, log } = delivery;
  const body = JSON.stringify(event);
  const id = randomUUID();
  const headers = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    [EVENT_HEADER]: event.event,
    [DELIVERY_HEADER]: id,
    ...delivery.headers?.(body, event),
  };
  const record: DeliveryRecord = {
    id,
    event: event.event,
    target: new URL(url).origin,
    at: new Date().toISOString(),
    outcome: 'failed',
    attempts: [],
  };
  const fail = (outcome: DeliveryRecord['outcome'], reason: string) => {
    record.outcome = outcome;
    return new EventDeliveryError(`${upstream} delivery to ${record.target} ${reason}`, record);
  };
  let delayMs = 0;
  for (let attempt = 1; ; attempt += 1) {
    if (attempt > 1) {
      try {
        await wait(delayMs, undefined, { signal });
      } catch {
        throw fail('aborted', `stopped: the caller gave up waiting before attempt ${attempt}`);
      }
    }
    const at = new Date();
    const outcome = await attemptDelivery(url, headers, body, retry.attemptTimeoutMs, signal);
    const durationMs = Date.now() - at.getTime();
    const entry: DeliveryAttempt = outcome.answered
      ? { at: at.toISOString(), status: outcome.status, durationMs }
      : { at: at.toISOString(), durationMs, error: outcome.error };
    record.attempts.push(entry);
    const logged = { delivery: id, event: event.event, target: record.target, attempt, ...entry };
    if (outcome.answered && outcome.status >= 200 && outcome.status < 300) {
      log?.info(logged, `${upstream} delivery answered`);
      record.outcome = 'delivered';
      return { record, status: outcome.status, text: outcome.text, contentType: outcome.contentType };
    }
    log?.warn(logged, `${upstream} delivery attempt failed`);
    if (signal.aborted) throw fail('aborted', `stopped: the caller gave up waiting (attempt ${attempt})`);
    if (outcome.answered && !retryable(outcome.status)) {
      const redirect = outcome.status >= 300 && outcome.status < 400;
      throw fail(
        'refused',
        redirect ? `answered a redirect (${outcome.status}): set the final URL` : `was refused: ${outcome.status} ${excerpt(outcome.text)}`,
      );
    }
    const waits = retry.retryDelaysMs;
    if (attempt > waits.length) {
      const last = outcome.answered ? `${outcome.status} ${excerpt(outcome.text)}` : outcome.error;
      throw fail('failed', `failed after ${attempt} attempt${attempt > 1 ? 's' : ''}: ${last}`);
    }
    delayMs = Math.max(waits[attempt - 1] ?? 0, outcome.answered ? outcome.retryAfterMs : 0);
  }
}

async function attemptDelivery(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number | undefined,
  signal: AbortSignal,
): Promise<AttemptOutcome> {
  const attemptSignal = timeoutMs ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : signal;
  try {
    // A POST is not followed to another address: a redirect is reported so the admin sets the final URL.
    const response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: attemptSignal });
    const text = await response.text();
    if (text.length > MAX_ANSWER_CHARS) return { answered: false, error: `answer larger than ${MAX_ANSWER_CHARS} characters` };
    return {
      answered: true,
      status: response.status,
      text,
      contentType: response.headers.get('content-type'),
      retryAfterMs: retryAfter(response.headers.get('retry-after')),
    };
  } catch (error) {
    if (signal.aborted) return { answered: false, error: 'the caller gave up waiting' };
    if (attemptSignal.aborted) return { answered: false, error: `no answer within ${timeoutMs} ms` };
    return { answered: false, error: networkError(error) };
  }
}

function retryable(status: number): boolean {
  return status >= 500 || status === 429;
}

/** Retry-After in seconds (the HTTP-date form is rare for webhooks and read as none). */
function retryAfter(header: string | null): number {
  const seconds = Number(header);
  return header && Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, MAX_RETRY_AFTER_MS) : 0;
}

/** fetch's "fetch failed" says nothing: the cause's code (ECONNREFUSED, ENOTFOUND) does. */
function networkError(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (cause && typeof cause.code === 'string') return `unreachable (${cause.code})`;
  if (cause && typeof cause.message === 'string') return `unreachable (${cause.message})`;
  return `unreachable (${error instanceof Error ? error.message : String(error)})`;
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}
