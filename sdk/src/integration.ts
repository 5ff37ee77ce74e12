import type { InboundContext } from './conversation.js';
import type { PluginDescription } from './plugin.js';

/** What an integration decided for the conversation. */
export interface IntegrationResult {
  replies: { body?: string; mediaUrl?: string }[];
  /** Move the ticket to a queue, or to a user. */
  transfer?: { queueId?: number; userId?: number };
  close?: boolean;
  /** Stop the integration and let a person attend. */
  handOff?: boolean;
}

export interface TestResult {
  ok: boolean;
  message?: string;
}

export const IntegrationContribution = Symbol('IntegrationContribution');
/** An automation connector ('typebot', 'n8n', 'dialogflow', 'openai', 'webhook'). */
export interface IntegrationContribution {
  readonly type: string;
  readonly description: PluginDescription;
  handle(ctx: InboundContext & { config: Record<string, unknown> }): Promise<IntegrationResult>;
  testSession?(config: Record<string, unknown>): Promise<TestResult>;
}
