import * as yup from 'yup';
import { readVariable, variable } from './variable.js';

const azureTtsDefault = 'https://{region}.tts.speech.microsoft.com/cognitiveservices/v1';

export const openAiVariables = {
  baseUrl: variable({
    env: 'OPENAI_BASE_URL',
    doc: 'OpenAI API address the AI prompts call (chat completions, audio transcriptions, models); any OpenAI-compatible server works.',
    defaultText: 'https://api.openai.com/v1',
    schema: yup.string().url('must be an absolute URL').default('https://api.openai.com/v1'),
  }),
  model: variable({
    env: 'OPENAI_MODEL',
    doc: 'Chat model that answers AI prompts; it must accept temperature and max_tokens.',
    defaultText: 'gpt-4o-mini',
    schema: yup.string().default('gpt-4o-mini'),
  }),
  azureTtsUrl: variable({
    env: 'AZURE_TTS_URL',
    doc: "Azure Speech text-to-speech address for prompts answering with a voice; {region} is replaced by the prompt's voice region.",
    defaultText: azureTtsDefault,
    schema: yup
      .string()
      .matches(/^https?:\/\/\S*\{region\}\S*$/, 'must be an http(s) address containing {region}')
      .default(azureTtsDefault),
  }),
};

export interface OpenAiConfig {
  /** Without a trailing slash. */
  baseUrl: string;
  model: string;
  /** Contains `{region}`. */
  azureTtsUrl: string;
}

export function loadOpenAiConfig(env: NodeJS.ProcessEnv = process.env): OpenAiConfig {
  return {
    baseUrl: (readVariable(openAiVariables.baseUrl, env) as string).replace(/\/+$/, ''),
    model: readVariable(openAiVariables.model, env) as string,
    azureTtsUrl: readVariable(openAiVariables.azureTtsUrl, env) as string,
  };
}
