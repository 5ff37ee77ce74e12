import { randomUUID } from 'node:crypto';
import type { DialogflowConfig } from '@switchboard/config';
import type { IntegrationContext, IntegrationContribution, IntegrationResult, PluginDescription, TestResult } from '@switchboard/sdk';
import { DialogflowSessions, DialogflowUpstreamError, WELCOME_EVENT, type DialogflowQuery } from './dialogflow-sessions.js';
import {
  dialogflowSettingFields,
  DialogflowSettingsError,
  readDialogflowSettings,
  type DialogflowSettings,
} from './dialogflow-settings.js';
import { chosenText, readAgentTurn } from './fulfillment.js';
import { opusSampleRate } from './voice-note.js';

export const DIALOGFLOW_TYPE = 'dialogflow';

/** What the integration keeps for a ticket between messages (IntegrationResult.state). */
export interface DialogflowSessionState {
  /** The Dialogflow session the ticket's messages go to, so that the agent keeps its contexts. */
  sessionId: string;
  /** The options the last answer numbered. */
  choices?: string[];
}

/** What testSession asks the agent, in the integration's language: a greeting any agent answers. */
const TEST_QUERY: Record<DialogflowSettings['language'], string> = { 'pt-BR': 'Oi', en: 'Hi', es: 'Hola' };

/**
 * The dialogflow queue integration: each message of the ticket (a text, or a voice note) goes to a Dialogflow ES
 * agent's session; the matched intent's fulfillment messages come back as the bot's messages, and an intent that
 * ends the conversation hands the ticket to the queue's people.
 */
export class DialogflowIntegration implements IntegrationContribution {
  readonly type = DIALOGFLOW_TYPE;
  readonly description: PluginDescription = { name: 'Dialogflow', icon: 'dialogflow', settings: dialogflowSettingFields };
  private readonly sessions: DialogflowSessions;

  constructor(config: DialogflowConfig) {
    this.sessions = new DialogflowSessions(config.apiUrl);
  }

  async handle(ctx: IntegrationContext): Promise<IntegrationResult> {
    ctx.signal.throwIfAborted();
    const { message, ticket, language } = ctx.conversation;
    const settings = readDialogflowSettings(ctx.config, language);
    const saved = readSessionState(ctx.state);
    // A ticket's Dialogflow session is named after it (a UUID is the 36 characters Dialogflow allows).
    const sessionId = saved?.sessionId ?? ticket.uuid;
    // A menu choice ("1") that handed the ticket over is no question for the agent: its welcome opens the talk.
    const query = message.opening && !saved ? { event: WELCOME_EVENT } : await queryOf(message, saved?.choices);
    if (!query) return { replies: [] };
    const turn = readAgentTurn(await this.sessions.detectIntent(settings, sessionId, query, ctx.signal));
    ctx.log.info(
      { ticketId: ticket.id, projectId: settings.projectId, intent: turn.intent, replies: turn.replies.length, ended: turn.ended },
      'Dialogflow answered',
    );
    if (turn.ended) return { replies: turn.replies, state: null, handOff: true };
    const state: DialogflowSessionState = { sessionId, ...(turn.choices.length > 0 ? { choices: turn.choices } : {}) };
    return { replies: turn.replies, state: { ...state } };
  }

  /** Asks the agent a greeting in a session of its own: the key, the project, its agent and the language answer. */
  async testSession(config: Record<string, unknown>, options: { signal: AbortSignal }): Promise<TestResult> {
    let settings: DialogflowSettings;
    try {
      settings = readDialogflowSettings(config);
    } catch (error) {
      if (error instanceof DialogflowSettingsError) return { ok: false, message: error.message };
      throw error;
    }
    try {
      const sessionId = `switchboard-test-${randomUUID()}`.slice(0, 36);
      const response = await this.sessions.detectIntent(settings, sessionId, { text: TEST_QUERY[settings.language] }, options.signal);
      const intent = response.queryResult?.intent?.displayName;
      return { ok: true, message: `The agent of project ${settings.projectId} answered${intent ? ` with the intent ${intent}` : ''}` };
    } catch (error) {
      if (error instanceof DialogflowUpstreamError && error.refused) return { ok: false, message: error.message };
      throw error;
    }
  }
}

/** The query for the contact's message: a voice note's audio, else its text; undefined when it says nothing. */
async function queryOf(
  message: IntegrationContext['conversation']['message'],
  choices: string[] | undefined,
): Promise<DialogflowQuery | undefined> {
  if (message.mediaType === 'audio' && message.readMedia) {
    const data = await message.readMedia();
    return { audio: { data, sampleRateHertz: opusSampleRate(data, message.mimeType) } };
  }
  const text = message.body.trim();
  return text ? { text: chosenText(text, choices) } : undefined;
}

function readSessionState(state: Record<string, unknown> | undefined): DialogflowSessionState | undefined {
  if (!state || typeof state.sessionId !== 'string' || !state.sessionId) return undefined;
  const choices = Array.isArray(state.choices) ? state.choices.filter((choice): choice is string => typeof choice === 'string') : [];
  return { sessionId: state.sessionId, ...(choices.length > 0 ? { choices } : {}) };
}
