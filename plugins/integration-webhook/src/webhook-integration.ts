import {
  answerWithEvent,
  EventSettingsError,
  historyMessagesSetting,
  readEventUrl,
  readHistoryMessages,
  readLaterEventAnswer,
  testEventTarget,
  type EventTarget,
  type RetryPolicy,
} from '@switchboard/integration-events';
import type { IntegrationContext, IntegrationContribution, IntegrationResult, PluginDescription, TestResult } from '@switchboard/sdk';
import { SIGNATURE_HEADER, signEvent, TIMESTAMP_HEADER } from './webhook-signature.js';

export const WEBHOOK_TYPE = 'webhook';

/**
 * A first attempt, then retries after 0.5 s, 2 s and 8 s; an attempt without an answer in 10 s counts as failed.
 * Core's own wait (30 s) bounds the whole.
 */
export const WEBHOOK_RETRY: RetryPolicy = { retryDelaysMs: [500, 2000, 8000], attemptTimeoutMs: 10_000 };

/**
 * The queue integration of type webhook: each message of the contact is POSTed, signed with the integration's secret,
 * to its URL as a message.received event; the replies it answers are sent as the bot's.
 */
export class WebhookIntegration implements IntegrationContribution {
  readonly type = WEBHOOK_TYPE;
  readonly description: PluginDescription = {
    name: 'Webhook',
    settings: [
      { key: 'urlN8N', type: 'url', label: 'queueIntegrationModal.form.urlN8N', required: true },
      {
        key: 'secret',
        type: 'string',
        label: 'integrations.webhook.settings.secret',
        help: 'integrations.webhook.settings.secretHelp',
        secret: true,
        required: true,
      },
      historyMessagesSetting(WEBHOOK_TYPE),
    ],
  };
  readonly historyLimit = readHistoryMessages;

  /** `retry` is for tests, which cannot wait seconds between attempts. */
  constructor(private readonly retry: RetryPolicy = WEBHOOK_RETRY) {}

  handle(ctx: IntegrationContext): Promise<IntegrationResult> {
    return answerWithEvent(ctx, this.target(ctx.config));
  }

  readLaterAnswer(body: unknown): Omit<IntegrationResult, 'state'> {
    return readLaterEventAnswer(body);
  }

  async testSession(config: Record<string, unknown>, options: { signal: AbortSignal }): Promise<TestResult> {
    return testEventTarget(() => this.target(config), options.signal);
  }

  private target(config: Record<string, unknown>): EventTarget {
    const url = readEventUrl(config);
    const secret = typeof config.secret === 'string' ? config.secret : '';
    if (!secret) throw new EventSettingsError('The signing secret (secret) is required');
    return {
      url,
      upstream: 'webhook',
      retry: this.retry,
      headers: (body, event) => ({
        [SIGNATURE_HEADER]: signEvent(body, secret),
        [TIMESTAMP_HEADER]: String(Math.floor(Date.parse(event.timestamp) / 1000)),
      }),
    };
  }
}
