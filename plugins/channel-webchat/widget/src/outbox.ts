import { WidgetApiError, type OutgoingMessage, type SentMessage } from './widget-api.js';

/** How a message waiting in the outbox is shown: on its way, or refused for now and tried again by itself. */
export type OutgoingState = 'sending' | 'retrying';

export const FIRST_RETRY_MS = 1000;
export const MAX_RETRY_MS = 30_000;

/** A random id for a new message (128 bits, 22 characters): the server keeps each one once. */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The id the server stores a message under (widget-routes.ts: `wc-<clientId>`), known before it answers. */
export function messageIdOf(clientId: string): string {
  return `wc-${clientId}`;
}

/** Whether a refusal is passing (the service briefly away, the network down, too fast) and worth trying again. */
export function isPassing(error: WidgetApiError): boolean {
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

/**
 * How long to wait before attempt `attempt + 1`: doubling from 1 s, never sooner than the server's Retry-After, never
 * longer than 30 s, and up to a fifth more at random so that visitors refused together do not all come back together.
 */
export function retryDelayMs(attempt: number, retryAfter: number | undefined, random = Math.random()): number {
  const backoff = FIRST_RETRY_MS * 2 ** Math.min(attempt - 1, 10);
  return Math.min(MAX_RETRY_MS, Math.max(retryAfter ?? 0, backoff) * (1 + random / 5));
}

export interface OutboxHooks {
  send(message: OutgoingMessage): Promise<SentMessage>;
  /** The message is on its way, or waits to be tried again. */
  onState(message: OutgoingMessage, state: OutgoingState): void;
  /** The server took it (`sent` is undefined when its answer was lost but its copy reached the page). */
  onSent(message: OutgoingMessage, sent: SentMessage | undefined): void;
  /** The server refused it for good (a 4xx other than 429). */
  onFailed(message: OutgoingMessage, error: WidgetApiError): void;
  /** The visitor's session ended (401): nothing more can be sent; the outbox is emptied. */
  onExpired(error: WidgetApiError): void;
  /** Whether the server's copy already reached the page (by the socket), so the message was taken. */
  arrived(message: OutgoingMessage): boolean;
  /** What waits changed (added, taken, refused or cleared): the page keeps the text ones across a reload. */
  onWaitingChange?(waiting: readonly OutgoingMessage[]): void;
  /** Runs `retry` after `ms`; answers how to cancel it. */
  schedule?(retry: () => void, ms: number): () => void;
  random?(): number;
}

/**
 * The visitor's messages on their way, sent one at a time in the order written: a message refused for a passing reason
 * is tried again after the server's Retry-After (with backoff, capped) for as long as the page is open, and the ones
 * written after it wait behind it, so the conversation keeps the visitor's order.
 */
export class Outbox {
  private readonly queue: OutgoingMessage[] = [];
  private running = false;
  private generation = 0;
  private wake: (() => void) | undefined;

  constructor(private readonly hooks: OutboxHooks) {}

  get size(): number {
    return this.queue.length;
  }

  /** The messages not yet taken, oldest first. */
  get waiting(): readonly OutgoingMessage[] {
    return this.queue;
  }

  add(message: OutgoingMessage): void {
    this.queue.push(message);
    this.hooks.onWaitingChange?.(this.queue);
    this.hooks.onState(message, 'sending');
    void this.drain();
  }

  /** Tries the waiting message now (the network is back). */
  retryNow(): void {
    this.wake?.();
  }

  /** Forgets every waiting message (the conversation ended). */
  clear(): void {
    this.queue.length = 0;
    this.hooks.onWaitingChange?.(this.queue);
    this.generation += 1;
    this.wake?.();
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const generation = this.generation;
    let attempt = 0;
    while (this.queue.length > 0 && generation === this.generation) {
      const message = this.queue[0]!;
      const outcome = await this.hooks.send(message).then(
        (sent) => ({ sent }),
        (thrown: unknown) => ({ error: thrown instanceof WidgetApiError ? thrown : new WidgetApiError(0, 'ERR_NETWORK') }),
      );
      if (generation !== this.generation) break;
      if ('sent' in outcome || this.hooks.arrived(message)) {
        this.queue.shift();
        attempt = 0;
        this.hooks.onWaitingChange?.(this.queue);
        this.hooks.onSent(message, 'sent' in outcome ? outcome.sent : undefined);
      } else if (outcome.error.status === 401) {
        this.clear();
        this.hooks.onExpired(outcome.error);
      } else if (isPassing(outcome.error)) {
        attempt += 1;
        if (attempt === 1) this.hooks.onState(message, 'retrying');
        await this.pause(retryDelayMs(attempt, outcome.error.retryAfterMs, (this.hooks.random ?? Math.random)()));
      } else {
        this.queue.shift();
        attempt = 0;
        this.hooks.onWaitingChange?.(this.queue);
        this.hooks.onFailed(message, outcome.error);
      }
    }
    this.running = false;
    // Cleared while a message was on its way: the ones written since start their own round.
    if (generation !== this.generation && this.queue.length > 0) void this.drain();
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const schedule =
        this.hooks.schedule ??
        ((run: () => void, delay: number) => {
          const timer = setTimeout(run, delay);
          return () => clearTimeout(timer);
        });
      const done = () => {
        cancel();
        this.wake = undefined;
        resolve();
      };
      const cancel = schedule(done, ms);
      this.wake = done;
    });
  }
}
