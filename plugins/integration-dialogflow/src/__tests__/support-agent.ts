// A small support agent of the Acme company, as the fake Dialogflow runs it, and the integration wired to it.
import type { IntegrationContext } from '@switchboard/sdk';
import { DialogflowIntegration } from '../dialogflow-integration.js';
import { FakeDialogflow, type FakeIntent } from './fake-dialogflow.js';

export const PROJECT_ID = 'acme-atendimento';

export const supportIntents: FakeIntent[] = [
  {
    displayName: 'Boas-vindas',
    phrases: ['oi', 'ola', 'bom dia', 'hi'],
    events: ['WELCOME'],
    fulfillmentMessages: [
      { text: { text: ['Olá! Sou o assistente virtual da Acme.'] } },
      {
        quickReplies: {
          title: 'Como posso ajudar?',
          quickReplies: ['Segunda via do boleto', 'Horário de atendimento', 'Falar com um atendente'],
        },
      },
      { platform: 'FACEBOOK', text: { text: ['Olá, pessoa do Messenger!'] } },
    ],
  },
  {
    displayName: 'Segunda via',
    phrases: ['segunda via', 'boleto'],
    fulfillmentMessages: [
      { text: { text: ['Enviei a segunda via para o seu e-mail.'] } },
      {
        payload: {
          richContent: [
            [
              { type: 'image', rawUrl: 'https://cdn.acme.example/boleto-marco.png', accessibilityText: 'Boleto' },
              { type: 'info', title: 'Boleto de março', subtitle: 'Vence em 10/03' },
            ],
          ],
        },
      },
    ],
  },
  {
    displayName: 'Horário',
    phrases: ['horario'],
    fulfillmentMessages: [
      {
        card: {
          title: 'Horário de atendimento',
          subtitle: 'Segunda a sexta, das 8h às 18h',
          imageUri: 'https://cdn.acme.example/loja.jpg',
          buttons: [
            { text: 'Ver endereço', postback: 'endereco' },
            { text: 'Voltar ao início', postback: 'oi' },
          ],
        },
      },
    ],
  },
  {
    displayName: 'Atendente',
    phrases: ['atendente', 'falar com uma pessoa'],
    fulfillmentMessages: [{ text: { text: ['Certo, vou chamar um atendente.'] } }],
    endInteraction: true,
  },
  {
    displayName: 'Despedida',
    phrases: ['tchau', 'obrigad'],
    fulfillmentMessages: [{ text: { text: ['Até logo!'] } }],
    endConversation: true,
  },
];

export interface SupportAgent {
  fake: FakeDialogflow;
  integration: DialogflowIntegration;
  /** The queue integration's settings, as core hands them over (the key in plain text). */
  config: Record<string, unknown>;
}

export async function startSupportAgent(): Promise<SupportAgent> {
  const fake = new FakeDialogflow(PROJECT_ID, supportIntents);
  await fake.start();
  return {
    fake,
    integration: new DialogflowIntegration({ apiUrl: fake.url }),
    config: { projectName: PROJECT_ID, jsonContent: fake.account.jsonContent, language: 'pt-BR' },
  };
}

/** The state a result keeps, as core stores it (JSON) and hands back with the ticket's next message. */
export function storedState(state: Record<string, unknown> | null | undefined): IntegrationContext['state'] {
  return state ? (JSON.parse(JSON.stringify(state)) as Record<string, unknown>) : undefined;
}
