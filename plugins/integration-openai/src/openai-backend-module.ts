import { SwitchboardConfig } from '@switchboard/config';
import { ContainerModule, IntegrationContribution } from '@switchboard/sdk';
import { OpenAiPromptIntegration } from './openai-prompt-integration.js';

export { OpenAiPromptIntegration, OPENAI_INTEGRATION, TRANSCRIPTION_MODEL } from './openai-prompt-integration.js';
export { OpenAiUpstreamError } from './openai-errors.js';
export { SpeechSynthesisError } from './azure-speech.js';
export { DEFAULT_HAND_OFF_PHRASE, PROMPT_DEFAULTS, PROMPT_VOICES, TEXT_MODE, PromptSettingsError } from './prompt-settings.js';

/** The OpenAI plugin: binds the 'openai' IntegrationContribution that answers AI prompts. */
export default new ContainerModule((bind) => {
  bind(IntegrationContribution)
    .toDynamicValue((context) => new OpenAiPromptIntegration(context.container.get<SwitchboardConfig>(SwitchboardConfig).openai))
    .inSingletonScope();
});
