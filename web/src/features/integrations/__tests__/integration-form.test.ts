import { describe, expect, it } from '@jest/globals';
import {
  integrationBody,
  integrationErrors,
  integrationFields,
  integrationFormErrors,
  integrationFormValues,
  queueIntegrationTypes,
  type IntegrationFormValues,
} from '../integration-form';
import type { IntegrationPlugin, QueueIntegration } from '../integrations.api';

const messages = {
  required: 'Required',
  tooShort: 'Too Short!',
  tooLong: 'Too Long!',
  invalidUrl: 'bad url',
  invalidNumber: 'not a number',
};

// As plugins/integration-typebot describes itself: the spec's columns, not one of them marked required but the URL and slug.
const typebot: IntegrationPlugin = {
  type: 'typebot',
  testSession: true,
  description: {
    name: 'Typebot',
    icon: 'typebot',
    settings: [
      { key: 'urlN8N', type: 'url', label: 'queueIntegrationModal.form.urlN8N' },
      { key: 'typebotSlug', type: 'string', label: 'queueIntegrationModal.form.typebotSlug' },
      { key: 'typebotExpires', type: 'number', label: 'queueIntegrationModal.form.typebotExpires', default: 1 },
      { key: 'typebotDelayMessage', type: 'number', label: 'queueIntegrationModal.form.typebotDelayMessage', default: 1000 },
      { key: 'typebotKeywordFinish', type: 'string', label: 'queueIntegrationModal.form.typebotKeywordFinish' },
      // Not a spec column: kept in the integration's own settings, secret.
      { key: 'apiToken', type: 'string', label: 'x', secret: true },
    ],
  },
};
const openai: IntegrationPlugin = { type: 'openai', description: { name: 'OpenAI', settings: [] } };
const dialogflow: IntegrationPlugin = {
  type: 'dialogflow',
  description: { name: 'Dialogflow', settings: [{ key: 'projectName', type: 'string', label: 'p' }] },
};

/** The errors as the dialog shows them (formik's preparation of the values, the first message of each field), flattened by path. */
async function errorsOf(values: IntegrationFormValues, plugin: IntegrationPlugin): Promise<Record<string, string>> {
  const errors = (await integrationFormErrors(values, integrationFields(plugin), messages)) as Record<string, unknown>;
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (typeof value === 'string') flat[key] = value;
    else for (const [inner, text] of Object.entries(value as Record<string, string>)) flat[`${key}.${inner}`] = text;
  }
  return flat;
}

const saved: QueueIntegration = {
  id: 7,
  type: 'typebot',
  name: 'Vendas',
  projectName: null,
  jsonContent: null,
  language: null,
  urlN8N: 'https://typebot.example.com',
  typebotSlug: 'vendas',
  typebotExpires: 5,
  typebotDelayMessage: 1000,
  typebotKeywordFinish: 'sair',
  typebotKeywordRestart: null,
  typebotUnknownMessage: null,
  typebotRestartMessage: null,
  settings: { apiToken: '********' },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('the queue integration dialog (spec 3 §2.12, §5)', () => {
  it('offers every loaded integration type but the one that answers AI prompts', () => {
    expect(queueIntegrationTypes([typebot, openai, dialogflow]).map((plugin) => plugin.type)).toEqual(['typebot', 'dialogflow']);
  });

  it('requires the URL for typebot, n8n and webhook and the slug for typebot, whatever the plugin marks', () => {
    const required = (plugin: IntegrationPlugin) =>
      integrationFields(plugin)
        .filter((field) => field.required)
        .map((field) => field.key);
    expect(required(typebot)).toEqual(['urlN8N', 'typebotSlug']);
    const n8n: IntegrationPlugin = { type: 'n8n', description: { name: 'n8n', settings: [{ key: 'urlN8N', type: 'url', label: 'u' }] } };
    expect(required(n8n)).toEqual(['urlN8N']);
    expect(required(dialogflow)).toEqual([]);
  });

  it('starts a new typebot with its defaults, and an edited one with its saved fields and its masked secret', () => {
    const fields = integrationFields(typebot);
    expect(integrationFormValues(undefined, 'typebot', fields)).toEqual({
      type: 'typebot',
      name: '',
      settings: { urlN8N: '', typebotSlug: '', typebotExpires: 1, typebotDelayMessage: 1000, typebotKeywordFinish: '', apiToken: '' },
    });
    expect(integrationFormValues(saved, 'typebot', fields).settings).toEqual({
      urlN8N: 'https://typebot.example.com',
      typebotSlug: 'vendas',
      typebotExpires: 5,
      typebotDelayMessage: 1000,
      typebotKeywordFinish: 'sair',
      apiToken: '********',
    });
  });

  it('refuses a name out of 2 to 50, a typebot without URL or slug, a URL that is not http(s) and a delay that is not a number', async () => {
    const values = integrationFormValues(undefined, 'typebot', integrationFields(typebot));
    expect(await errorsOf(values, typebot)).toEqual({
      name: 'Required',
      'settings.urlN8N': 'Required',
      'settings.typebotSlug': 'Required',
    });
    const filled = {
      ...values,
      name: 'V',
      settings: { ...values.settings, urlN8N: 'typebot.example.com', typebotSlug: 'vendas', typebotDelayMessage: 'x' },
    };
    expect(await errorsOf(filled, typebot)).toEqual({
      name: 'Too Short!',
      'settings.urlN8N': 'bad url',
      'settings.typebotDelayMessage': 'not a number',
    });
    expect(await errorsOf({ ...filled, name: 'x'.repeat(51) }, typebot)).toMatchObject({ name: 'Too Long!' });
    const good = {
      ...filled,
      name: 'Vendas',
      settings: { ...filled.settings, urlN8N: 'https://typebot.example.com', typebotDelayMessage: 1500 },
    };
    expect(await errorsOf(good, typebot)).toEqual({});
  });

  it('sends the spec fields at the top and the plugin’s own settings in settings; the mask back as it came, an emptied number left out', () => {
    const values = integrationFormValues(saved, 'typebot', integrationFields(typebot));
    const edited = {
      ...values,
      name: ' Vendas 2 ',
      settings: { ...values.settings, typebotExpires: '', typebotDelayMessage: '1500', typebotKeywordFinish: '  ' },
    };
    expect(integrationBody(edited, integrationFields(typebot))).toEqual({
      type: 'typebot',
      name: 'Vendas 2',
      urlN8N: 'https://typebot.example.com',
      typebotSlug: 'vendas',
      typebotDelayMessage: 1500,
      typebotKeywordFinish: null,
      settings: { apiToken: '********' },
    });
  });

  it("places the server's field messages under the inputs that show them", () => {
    const fields = integrationFields(typebot);
    expect(integrationErrors({ name: 'Too Short!', typebotSlug: 'Required', unknownColumn: 'x' }, fields)).toEqual({
      name: 'Too Short!',
      settings: { typebotSlug: 'Required' },
    });
    expect(integrationErrors(undefined, fields)).toEqual({});
  });
});
