import { OpenAiPromptIntegration } from '../openai-prompt-integration.js';
import type { FakeUpstreams } from './fake-upstreams.js';

/** A prompt as the admin saves it (spec 3 §3), against the fake OpenAI. */
export function promptConfig(fake: FakeUpstreams, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Atendimento',
    prompt: 'Você é a assistente da Acme. Responda sobre horários, endereço e produtos da loja com educação.',
    apiKey: fake.apiKey,
    queueId: 1,
    voice: 'texto',
    voiceKey: '',
    voiceRegion: '',
    maxTokens: 100,
    temperature: 1,
    maxMessages: 10,
    ...overrides,
  };
}

/** The plugin wired to the fakes; `maxRetries` 0 shows a refusal at once. */
export function integrationFor(fake: FakeUpstreams, options: { model?: string; maxRetries?: number } = {}): OpenAiPromptIntegration {
  return new OpenAiPromptIntegration(
    { baseUrl: fake.baseUrl, model: options.model ?? 'gpt-4o-mini', azureTtsUrl: fake.ttsUrl },
    options.maxRetries ?? 1,
  );
}
