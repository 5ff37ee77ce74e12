import {
  injectable,
  type IntegrationContext,
  type IntegrationContribution,
  type IntegrationReply,
  type IntegrationResult,
  type PluginDescription,
  type TestResult,
} from '@switchboard/sdk';
import { answerFor, readChatTurn, withPauses, type PendingChoice } from './chat-turn.js';
import { TypebotApiError, TypebotClient, type TypebotChatAnswer } from './typebot-api.js';
import { readTypebotSettings, TypebotSettingsError, typebotSettingFields, type TypebotSettings } from './typebot-settings.js';

export const TYPEBOT_TYPE = 'typebot';

/** What the integration keeps for a ticket between messages (IntegrationResult.state). */
export interface TypebotSessionState {
  sessionId: string;
  /** ISO 8601: the last message of the conversation, for typebotExpires. */
  lastAt: string;
  /** The choice the bot waits on, to turn the contact's number into the item. */
  choice?: PendingChoice;
}

/**
 * The typebot queue integration: each message of the ticket goes to a published Typebot flow through its chat API,
 * and the flow's bubbles come back as the bot's messages.
 */
@injectable()
export class TypebotIntegration implements IntegrationContribution {
  readonly type = TYPEBOT_TYPE;
  readonly description: PluginDescription = { name: 'Typebot', icon: 'typebot', settings: typebotSettingFields };

  async handle(ctx: IntegrationContext): Promise<IntegrationResult> {
    ctx.signal.throwIfAborted();
    const settings = readTypebotSettings(ctx.config);
    const { message, ticket } = ctx.conversation;
    // A file the contact sends answers a file input with its link.
    const text = message.body.trim() || message.mediaUrl || '';
    if (sameWord(text, settings.keywordFinish)) {
      ctx.log.info({ ticketId: ticket.id }, 'Typebot: the contact asked for a person with the finish keyword');
      return { replies: [], state: null, handOff: true };
    }
    const client = new TypebotClient(settings.url, ctx.signal);
    if (sameWord(text, settings.keywordRestart)) {
      const restartNotice = settings.restartMessage ? { body: settings.restartMessage } : undefined;
      return this.startChat(ctx, settings, client, restartNotice);
    }
    const saved = readSessionState(ctx.state);
    if (!saved || this.expired(saved, settings, ctx.now)) return this.startChat(ctx, settings, client);
    if (!text) return { replies: [] };
    let answer: TypebotChatAnswer;
    try {
      answer = await client.continueChat(saved.sessionId, answerFor(text, saved.choice));
    } catch (error) {
      // Typebot forgets a session when its flow ends or it is cleaned up: the conversation starts over.
      if (!(error instanceof TypebotApiError && error.status === 404)) throw error;
      ctx.log.warn({ ticketId: ticket.id }, 'Typebot no longer knows the session; a new chat starts');
      return this.startChat(ctx, settings, client);
    }
    return this.result(answer, saved.sessionId, settings, ctx.now);
  }

  /** Starts a chat with the slug, without running the flow, and reports Typebot's refusal when there is one. */
  async testSession(config: Record<string, unknown>, options: { signal: AbortSignal }): Promise<TestResult> {
    let settings: TypebotSettings;
    try {
      settings = readTypebotSettings(config);
    } catch (error) {
      if (error instanceof TypebotSettingsError) return { ok: false, message: error.message };
      throw error;
    }
    try {
      await new TypebotClient(settings.url, options.signal).startChat(settings.slug, { isOnlyRegistering: true });
      return { ok: true };
    } catch (error) {
      if (options.signal.aborted) throw error;
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
  }

  private async startChat(
    ctx: IntegrationContext,
    settings: TypebotSettings,
    client: TypebotClient,
    notice?: IntegrationReply,
  ): Promise<IntegrationResult> {
    const { contact, ticket } = ctx.conversation;
    const answer = await client.startChat(settings.slug, {
      // The variables a flow may declare to greet the contact and quote the ticket (README: prefilled variables).
      prefilledVariables: {
        name: contact.name,
        pushName: contact.name,
        number: contact.number,
        ticketId: ticket.id,
        ticketUuid: ticket.uuid,
      },
    });
    ctx.log.info({ ticketId: ticket.id }, 'Typebot chat started');
    return this.result(answer, answer.sessionId, settings, ctx.now, notice);
  }

  private result(
    answer: TypebotChatAnswer,
    sessionId: string,
    settings: TypebotSettings,
    now: Date,
    notice?: IntegrationReply,
  ): IntegrationResult {
    const turn = readChatTurn(answer, settings.unknownMessage);
    const replies = withPauses(notice ? [notice, ...turn.replies] : turn.replies, settings.delayMs);
    // The bot stops once the flow has ended or handed the ticket on; the next message after an end starts anew.
    const state: TypebotSessionState | null =
      turn.ended || turn.command ? null : { sessionId, lastAt: now.toISOString(), ...(turn.choice ? { choice: turn.choice } : {}) };
    return { replies, state: state as Record<string, unknown> | null, ...turn.command };
  }

  private expired(saved: TypebotSessionState, settings: TypebotSettings, now: Date): boolean {
    if (settings.expiresMinutes === 0) return false;
    const lastAt = Date.parse(saved.lastAt);
    return Number.isNaN(lastAt) || now.getTime() - lastAt > settings.expiresMinutes * 60_000;
  }
}

function sameWord(text: string, keyword: string | undefined): boolean {
  return Boolean(keyword) && text.toLowerCase() === keyword!.toLowerCase();
}

function readSessionState(state: Record<string, unknown> | undefined): TypebotSessionState | undefined {
  if (!state || typeof state.sessionId !== 'string' || typeof state.lastAt !== 'string') return undefined;
  const choice = state.choice as PendingChoice | undefined;
  const validChoice = choice && Array.isArray(choice.items) && choice.items.every((item) => typeof item === 'string');
  return { sessionId: state.sessionId, lastAt: state.lastAt, ...(validChoice ? { choice } : {}) };
}
