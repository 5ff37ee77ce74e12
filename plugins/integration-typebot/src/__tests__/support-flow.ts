// The flow the tests talk to: a greeting with the contact's name, the company logo and a menu; "Support" asks an
// e-mail (a text input that refuses an address without @) and hands the ticket to queue 2 with a flow command.
import { type FakeFlow, FakeTypebot, textBubble } from './fake-typebot.js';

export const SUPPORT_FLOW: FakeFlow = {
  publicId: 'support-bot',
  start: 'welcome',
  groups: {
    welcome: {
      messages: [
        textBubble(
          'hello',
          [{ text: 'Hello ' }, { text: '{{name}} ', bold: true }, { text: '(ticket {{ticketId}})!' }],
          [{ text: 'We answer in minutes.', italic: true }],
          [{ text: 'Terms: ' }, { type: 'a', url: 'https://example.com/terms', children: [{ text: 'our terms' }] }],
        ),
        { id: 'logo', type: 'image', content: { url: 'https://cdn.example.com/acme/logo.png' } },
        textBubble('ask', [{ text: 'How can we help?' }]),
      ],
      input: {
        id: 'menu',
        type: 'choice input',
        items: [
          { id: 'item-sales', content: 'Sales', next: 'sales' },
          { id: 'item-support', content: 'Support', next: 'support' },
        ],
      },
    },
    sales: { messages: [textBubble('sales-text', [{ text: 'Sales will call you.' }])] },
    support: {
      messages: [textBubble('support-text', [{ text: 'Support here. What is your e-mail?' }])],
      input: {
        id: 'email',
        type: 'text input',
        accepts: (text) => text.includes('@'),
        retryMessageContent: 'That e-mail is not valid.',
        next: 'thanks',
      },
    },
    thanks: {
      messages: [
        textBubble('thanks-text', [{ text: 'Thanks! A person takes it from here.' }]),
        textBubble('to-queue', [{ text: '#{"queueId": 2}' }]),
      ],
    },
  },
};

export async function startFakeTypebot(): Promise<FakeTypebot> {
  const fake = new FakeTypebot(SUPPORT_FLOW);
  await fake.start();
  return fake;
}

export function typebotConfig(fake: FakeTypebot, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    urlN8N: `${fake.url}/`,
    typebotSlug: SUPPORT_FLOW.publicId,
    typebotExpires: 1,
    typebotDelayMessage: 1000,
    typebotKeywordFinish: '#sair',
    typebotKeywordRestart: '#reiniciar',
    typebotUnknownMessage: '',
    typebotRestartMessage: 'Starting over.',
    ...extra,
  };
}
