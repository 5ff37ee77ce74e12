import type { IntegrationContext, IntegrationResult, TestResult } from '@switchboard/sdk';
import { readEventAnswer } from './event-answer.js';
import { deliverEvent, EventDeliveryError, type DeliveryRecord, type EventDelivery, type RetryPolicy } from './event-delivery.js';
import { messageReceivedEvent, testEvent } from './integration-event.js';
import { EventSettingsError } from './event-settings.js';

/** How many deliveries the ticket's state remembers, newest last. */
export const KEPT_DELIVERIES = 10;

/** Where and how an integration delivers its events: the URL, the retries, its extra headers. */
export type EventTarget = Pick<EventDelivery, 'url' | 'upstream' | 'headers'> & { retry: RetryPolicy };

/** The state an event integration keeps per ticket: its last deliveries (the ticket's delivery log). */
export interface EventIntegrationState extends Record<string, unknown> {
  deliveries: DeliveryRecord[];
}

/**
 * One turn of an event integration: the contact's message is delivered as a message.received event, and the answer's
 * replies, hand-off, transfer or close become the result. A delivery that fails is thrown (core logs it and answers
 * nothing); one that succeeds is added to the ticket's delivery log in the state.
 */
export async function answerWithEvent(ctx: IntegrationContext, target: EventTarget): Promise<IntegrationResult> {
  const delivered = await deliverEvent({
    ...target,
    event: messageReceivedEvent(ctx.conversation, ctx.now),
    signal: ctx.signal,
    log: ctx.log,
  });
  const answer = readEventAnswer(delivered.text, delivered.contentType);
  return { ...answer, state: { deliveries: [...keptDeliveries(ctx.state), delivered.record].slice(-KEPT_DELIVERIES) } };
}

/** testSession of an event integration: one test event, no retry; the receiver's refusal or absence says why. */
export async function testEventTarget(targetOf: () => EventTarget, signal: AbortSignal): Promise<TestResult> {
  let target: EventTarget;
  try {
    target = targetOf();
  } catch (error) {
    if (error instanceof EventSettingsError) return { ok: false, message: error.message };
    throw error;
  }
  try {
    const delivered = await deliverEvent({
      ...target,
      retry: { ...target.retry, retryDelaysMs: [] },
      event: testEvent(new Date()),
      signal,
    });
    return { ok: true, message: `${target.upstream} answered ${delivered.status}` };
  } catch (error) {
    if (error instanceof EventDeliveryError) return { ok: false, message: refusal(target.upstream, error) };
    throw error;
  }
}

/**
 * Why the test failed, for the admin's dialog: the status or the network error, never the receiver's body (a URL
 * pointing into the server's own network must not become a way to read it).
 */
function refusal(upstream: string, error: EventDeliveryError): string {
  const attempt = error.record.attempts.at(-1);
  const target = error.record.target;
  if (attempt?.status === undefined) return `${upstream} at ${target} did not answer: ${attempt?.error ?? 'stopped'}`;
  const hint = STATUS_HINTS[attempt.status];
  return `${upstream} at ${target} answered ${attempt.status}${hint ? ` (${hint})` : ''}`;
}

const STATUS_HINTS: Record<number, string> = {
  401: 'the credentials or the signature were refused',
  403: 'the credentials or the signature were refused',
  404: 'nothing listens at this URL; for n8n, use the production URL of an active workflow',
};

function keptDeliveries(state: Record<string, unknown> | undefined): DeliveryRecord[] {
  const deliveries = state?.deliveries;
  return Array.isArray(deliveries) ? (deliveries as DeliveryRecord[]) : [];
}
