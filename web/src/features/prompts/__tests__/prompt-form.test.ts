import { describe, expect, it } from '@jest/globals';
import { validateYupSchema, yupToFormErrors } from 'formik';
import type { IntegrationPlugin } from '../../integrations/integrations.api';
import {
  PROMPT_DEFAULTS,
  promptBody,
  promptExtraFields,
  promptFormValues,
  promptSchema,
  TEXT_MODE,
  voiceOptions,
  type PromptFormValues,
} from '../prompt-form';
import type { Prompt } from '../prompts.api';

const messages = {
  required: 'Obrigatório',
  tooShort: 'Muito curto!',
  tooLong: 'Muito longo!',
  instructionsTooShort: 'Descreva o treinamento para Inteligência Artificial',
  outOfRange: 'Valor inválido',
  noQueue: 'Informe o setor',
};

// As plugins/integration-openai describes itself: the prompt's fields, the voices, and a hand-off phrase of its own.
const openai: IntegrationPlugin = {
  type: 'openai',
  description: {
    name: 'OpenAI',
    settings: [
      { key: 'name', type: 'string', label: 'n', required: true },
      { key: 'apiKey', type: 'string', label: 'k', required: true, secret: true },
      {
        key: 'voice',
        type: 'select',
        label: 'v',
        options: [
          { value: 'texto', label: 'integrations.openai.settings.voiceText' },
          { value: 'Francisca', label: 'Francisca' },
          { value: 'Yara', label: 'Yara' },
        ],
      },
      { key: 'maxTokens', type: 'number', label: 't', default: 100 },
      { key: 'handOffPhrase', type: 'string', label: 'h', default: 'Ação: Transferir para o setor de atendimento' },
    ],
  },
};

/** The errors as formik shows them: its preparation of the values (an empty text is absent), the first message of each field. */
async function errorsOf(values: PromptFormValues): Promise<Record<string, string>> {
  return validateYupSchema(values, promptSchema(messages)).then(() => ({}), yupToFormErrors) as Promise<Record<string, string>>;
}

const instructions = 'Você é o atendente da loja e responde dúvidas sobre pedidos, prazos e trocas com educação.';

describe('the AI prompt dialog (spec 3 §2.11, §5, §9 with DESIGN §7)', () => {
  it('starts a new prompt in text mode with 100 tokens, temperature 1 and 10 messages, and the plugin’s own defaults', () => {
    const extra = promptExtraFields(openai);
    expect(extra.map((field) => field.key)).toEqual(['handOffPhrase']);
    const values = promptFormValues(undefined, extra);
    expect(values).toMatchObject({ voice: TEXT_MODE, maxTokens: 100, temperature: 1, maxMessages: 10, queueId: '' });
    expect(PROMPT_DEFAULTS).toEqual({ maxTokens: 100, temperature: 1, maxMessages: 10 });
    expect(values.settings).toEqual({ handOffPhrase: 'Ação: Transferir para o setor de atendimento' });
  });

  it('offers text mode and the voices the AI plugin describes', () => {
    expect(voiceOptions(openai).map((option) => option.value)).toEqual(['texto', 'Francisca', 'Yara']);
    // Without the plugin's list, text mode is still there.
    expect(voiceOptions(undefined).map((option) => option.value)).toEqual(['texto']);
  });

  it("says 'Informe o setor' without a queue, and applies the schema: name 5 to 100, instructions 50 or more, key required", async () => {
    const empty = promptFormValues(undefined, []);
    expect(await errorsOf(empty)).toEqual({
      name: 'Obrigatório',
      prompt: 'Obrigatório',
      apiKey: 'Obrigatório',
      queueId: 'Informe o setor',
    });
    const short = { ...empty, name: 'Loja', prompt: 'Responda.', apiKey: 'sk-1', queueId: 3 };
    expect(await errorsOf(short)).toEqual({ name: 'Muito curto!', prompt: 'Descreva o treinamento para Inteligência Artificial' });
    expect(await errorsOf({ ...short, name: 'x'.repeat(101), prompt: instructions })).toEqual({ name: 'Muito longo!' });
    expect(await errorsOf({ ...short, name: 'Loja 1', prompt: instructions, temperature: 5 })).toEqual({ temperature: 'Valor inválido' });
    expect(await errorsOf({ ...short, name: 'Loja 1', prompt: instructions })).toEqual({});
  });

  it('sends the prompt with numbers as numbers, the masked key back as it came and the plugin’s settings apart', () => {
    const saved: Prompt = {
      id: 4,
      name: 'Loja',
      prompt: instructions,
      voice: 'Yara',
      voiceKey: '********',
      voiceRegion: 'brazilsouth',
      maxTokens: 200,
      temperature: 0.5,
      apiKey: '********',
      queueId: 3,
      maxMessages: 10,
      settings: { handOffPhrase: 'Quero um humano' },
      queue: { id: 3, name: 'Vendas', color: '#000' },
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
    };
    const extra = promptExtraFields(openai);
    const values = promptFormValues(saved, extra);
    expect(promptBody({ ...values, maxTokens: '300' as unknown as number, voiceRegion: ' ' }, extra)).toEqual({
      name: 'Loja',
      prompt: instructions,
      apiKey: '********',
      queueId: 3,
      voice: 'Yara',
      voiceKey: '********',
      voiceRegion: null,
      temperature: 0.5,
      maxTokens: 300,
      maxMessages: 10,
      settings: { handOffPhrase: 'Quero um humano' },
    });
  });
});
