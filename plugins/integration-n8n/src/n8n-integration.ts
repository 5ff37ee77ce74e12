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

export const N8N_TYPE = 'n8n';

/**
 * One attempt: n8n answers 500 when a workflow fails midway, and a repeat would run the steps that did succeed
 * (a CRM write, a message) twice. The contact's next message is the next try; only core's wait bounds the attempt.
 */
export const N8N_DELIVERY: RetryPolicy = { retryDelaysMs: [] };

/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * The queue integration of type n8n: each message of the contact is POSTed as a message.received event to an n8n
 * Webhook node's production URL; what the workflow answers (a "Respond to Webhook" node) is sent as the bot's
 * replies, and it may answer later by POSTing the same shape to the event's reply address.
 */
export class N8nIntegration implements IntegrationContribution {
  readonly type = N8N_TYPE;
  readonly description: PluginDescription = {
    name: 'N8N',
    settings: [
      { key: 'urlN8N', type: 'url', label: 'queueIntegrationModal.form.urlN8N', required: true },
      {
        key: 'headerName',
        type: 'string',
        label: 'integrations.n8n.settings.headerName',
        help: 'integrations.n8n.settings.headerNameHelp',
      },
      { key: 'headerValue', type: 'string', label: 'integrations.n8n.settings.headerValue', secret: true },
      historyMessagesSetting(N8N_TYPE),
    ],
  };
  readonly historyLimit = readHistoryMessages;

  constructor(private readonly delivery: RetryPolicy = N8N_DELIVERY) {}

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
    const auth = headerAuth(config);
    return { url, upstream: 'n8n', retry: this.delivery, ...(auth ? { headers: () => auth } : {}) };
  }
}

/** The Webhook node's "Header Auth" credential: a header name and its value, both or neither. */
function headerAuth(config: Record<string, unknown>): Record<string, string> | undefined {
  const name = typeof config.headerName === 'string' ? config.headerName.trim() : '';
  const value = typeof config.headerValue === 'string' ? config.headerValue : '';
  if (!name && !value) return undefined;
  if (!name) throw new EventSettingsError('The header name (headerName) is required when a header value is set');
  if (!HEADER_NAME.test(name)) throw new EventSettingsError(`The header name (headerName) is not a valid HTTP header name: ${name}`);
  if (!value) throw new EventSettingsError(`The value of the header ${name} (headerValue) is required`);
  // Said without the value: it is a secret.
  if (/[\r\n\0]/.test(value)) throw new EventSettingsError(`The value of the header ${name} (headerValue) cannot hold line breaks`);
  return { [name]: value };
}
