import type { OpenAiConfig } from '@switchboard/config';
import type {
  IntegrationContext,
  IntegrationContribution,
  IntegrationReply,
  IntegrationResult,
  PluginDescription,
  TestResult,
} from '@switchboard/sdk';
import OpenAI, { toFile } from 'openai';
import { SpeechSynthesisError, synthesizeVoiceNote } from './azure-speech.js';
import { openAiFailure } from './openai-errors.js';
import { chatMessages, readHandOff } from './prompt-conversation.js';
import { maxMessagesOf, promptSettingFields, readPromptSettings, type PromptSettings } from './prompt-settings.js';

export const OPENAI_INTEGRATION = 'openai';
/** OpenAI's speech-to-text model for the contacts' voice notes. */
export const TRANSCRIPTION_MODEL = 'whisper-1';
const REQUEST_TIMEOUT_MS = 60_000;

/**
 * AI prompts (spec 3 §2.11): answers a ticket's messages with OpenAI chat completions, the prompt as the model's
 * instructions and the ticket's recent messages as the conversation; transcribes the contact's voice notes, answers
 * with an Azure neural voice when the prompt has one, and hands the ticket to a person on the hand-off phrase.
 */
export class OpenAiPromptIntegration implements IntegrationContribution {
  readonly type = OPENAI_INTEGRATION;
  readonly description: PluginDescription = { name: 'OpenAI', icon: 'openai', settings: promptSettingFields };
  readonly historyLimit = maxMessagesOf;

  constructor(
    private readonly config: OpenAiConfig,
    /** One retry covers a passing 429 or 5xx; core tries again on the next message anyway. */
    private readonly maxRetries = 1,
  ) {}

  private client(apiKey: string): OpenAI {
    // Everything explicit, so the client reads nothing from the environment.
    return new OpenAI({
      apiKey,
      baseURL: this.config.baseUrl,
      organization: null,
      project: null,
      maxRetries: this.maxRetries,
      timeout: REQUEST_TIMEOUT_MS,
      logLevel: 'off',
    });
  }

  private failure(error: unknown, what: string): Error {
    return openAiFailure(error, { what, model: this.config.model, baseUrl: this.config.baseUrl });
  }

  async handle(ctx: IntegrationContext): Promise<IntegrationResult> {
    const settings = readPromptSettings(ctx.config);
    const openai = this.client(settings.apiKey);
    const ticketId = ctx.conversation.ticket.id;
    const customerText = await this.customerText(openai, ctx);
    if (!customerText) {
      ctx.log.info({ ticketId, mediaType: ctx.conversation.message.mediaType }, 'AI prompt: the message has no text to answer');
      return { replies: [] };
    }
    const answer = await this.answer(openai, settings, ctx, customerText);
    const { handOff, text } = readHandOff(answer, settings.handOffPhrase);
    const replies = text ? [await this.reply(settings, ctx, text)] : [];
    if (!handOff) return { replies };
    ctx.log.info({ ticketId, prompt: settings.name }, 'AI prompt hands the ticket to a person');
    return { replies, handOff: true };
  }

  /** What the contact said: the text, or a voice note transcribed. */
  private async customerText(openai: OpenAI, ctx: IntegrationContext): Promise<string> {
    const { message } = ctx.conversation;
    if (message.mediaType !== 'audio' || !message.readMedia) return message.body.trim();
    const audio = await message.readMedia();
    const file = await toFile(audio, message.fileName || 'voice-note.ogg', { type: message.mimeType || 'audio/ogg' });
    try {
      const transcription = await openai.audio.transcriptions.create({ file, model: TRANSCRIPTION_MODEL }, { signal: ctx.signal });
      ctx.log.info({ ticketId: ctx.conversation.ticket.id, bytes: audio.length }, 'AI prompt transcribed a voice note');
      return transcription.text.trim();
    } catch (error) {
      throw this.failure(error, 'the transcription of a voice note');
    }
  }

  private async answer(openai: OpenAI, settings: PromptSettings, ctx: IntegrationContext, customerText: string): Promise<string> {
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await openai.chat.completions.create(
        {
          model: this.config.model,
          messages: chatMessages(settings, ctx.conversation, customerText),
          temperature: settings.temperature,
          max_tokens: settings.maxTokens,
        },
        { signal: ctx.signal },
      );
    } catch (error) {
      throw this.failure(error, 'an answer');
    }
    const choice = completion.choices[0];
    const answer = choice?.message.content?.trim();
    if (!answer) throw new Error(`OpenAI sent an empty answer (finish reason ${choice?.finish_reason ?? 'none'})`);
    ctx.log.info(
      { ticketId: ctx.conversation.ticket.id, prompt: settings.name, model: completion.model, tokens: completion.usage?.total_tokens },
      'AI prompt answered',
    );
    return answer;
  }

  /** The answer as the prompt's voice, or as text when the prompt has none or Azure fails. */
  private async reply(settings: PromptSettings, ctx: IntegrationContext, text: string): Promise<IntegrationReply> {
    const { voice } = settings;
    if (!voice) return { body: text };
    try {
      const data = await synthesizeVoiceNote({
        urlTemplate: this.config.azureTtsUrl,
        region: voice.region,
        key: voice.key,
        azureName: voice.azureName,
        text,
        signal: ctx.signal,
      });
      const fileName = `answer-${ctx.conversation.ticket.id}-${ctx.now.getTime()}.ogg`;
      return { media: { data, fileName, mimeType: 'audio/ogg' }, voiceNote: true };
    } catch (error) {
      if (!(error instanceof SpeechSynthesisError)) throw error;
      ctx.log.warn(
        { ticketId: ctx.conversation.ticket.id, voice: voice.azureName, region: voice.region, status: error.status, reason: error.message },
        'AI prompt could not make a voice note; the answer goes as text',
      );
      return { body: text };
    }
  }

  /** Asks OpenAI for the configured model with the prompt's key: the key is accepted and the model is offered. */
  async testSession(config: Record<string, unknown>, options: { signal: AbortSignal }): Promise<TestResult> {
    const apiKey = typeof config.apiKey === 'string' ? config.apiKey.trim() : '';
    if (!apiKey) return { ok: false, message: 'Fill in the OpenAI API key' };
    try {
      await this.client(apiKey).models.retrieve(this.config.model, { signal: options.signal });
      return { ok: true, message: `OpenAI accepts the key and offers ${this.config.model}` };
    } catch (error) {
      if (options.signal.aborted) throw error;
      return { ok: false, message: this.failure(error, 'the model').message };
    }
  }
}
