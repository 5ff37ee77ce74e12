import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startFakeUpstreams, type FakeUpstreams } from '../../../../../plugins/integration-openai/src/__tests__/fake-upstreams.js';
import { MediaStorage } from '../../../platform/media/media-storage.js';
import { eventually } from '../../../testing/eventually.js';
import { api } from '../../../testing/test-server.js';
import { addQueue, clearQueues } from '../../routing/__tests__/menu-fixtures.js';
import { acceptTicket, startRoutingScenario, type RoutingScenario, type WidgetMessage } from '../../routing/__tests__/routing-scenario.js';
import { BotConversations } from '../bot-conversations.js';

/**
 * An AI prompt answering a website visitor: the real OpenAI plugin (a workspace plugin, loaded like in production)
 * against the plugin's own fake OpenAI and Azure Speech, through the webchat channel. The admin creates the prompt
 * with POST /prompt and gives it to a queue; the visitor picks that queue from the menu.
 */

const INSTRUCTIONS = 'Você é a assistente da Padaria Acme. Responda sobre horários, pedidos e entregas.';
const HAND_OFF = 'Vou chamar uma pessoa da equipe';

let fake: FakeUpstreams;
let scenario: RoutingScenario;
let promptQueue: number;
let promptId: number;

beforeAll(async () => {
  fake = await startFakeUpstreams();
  // The plugin reads its upstreams' addresses from the configuration the server starts with.
  const env = { OPENAI_BASE_URL: fake.baseUrl, AZURE_TTS_URL: fake.ttsUrl };
  scenario = await startRoutingScenario({ company: { plan: { use_integrations: true, use_open_ai: true } }, env });
}, 120_000);

afterAll(async () => {
  await scenario?.stop();
  await fake?.close();
});

beforeEach(async () => {
  fake.completions.length = 0;
  fake.transcriptions.length = 0;
  fake.speeches.length = 0;
  await clearQueues(scenario);
  await scenario.server.ports.database.knex('prompts').where('company_id', scenario.company.companyId).delete();
  await scenario.companySettings({ user_random: 'disabled', send_greeting_message_one_queues: 'enabled' });
  await scenario.connectionColumns({ greeting_message: 'Olá! Escolha um setor:', integration_id: null, prompt_id: null });
  promptQueue = await addQueue(scenario, 'Assistente', { order_queue: 1, greeting_message: 'Bem-vindo à assistente' });
  await addQueue(scenario, 'Financeiro', { order_queue: 2, greeting_message: 'Bem-vindo ao financeiro' });
  const token = scenario.company.admin.token;
  const created = await api(scenario.server, 'POST', '/prompt', {
    token,
    body: {
      name: 'Assistente Acme',
      prompt: INSTRUCTIONS,
      apiKey: fake.apiKey,
      queueId: promptQueue,
      temperature: 0.4,
      maxTokens: 80,
      maxMessages: 2,
      settings: { handOffPhrase: HAND_OFF },
    },
  });
  expect(created.status).toBe(201);
  promptId = created.body.id as number;
  // The admin gives the queue its prompt, as the queue form does.
  const queued = await api(scenario.server, 'PUT', `/queue/${promptQueue}`, { token, body: { promptId } });
  expect(queued.status).toBe(200);
  await scenario.changed();
});

/** Waits until the prompt has answered everything it was given (its turns run apart from the inbound chain). */
function botsIdle(): Promise<void> {
  return scenario.server.container.get(BotConversations).idle();
}

/** A visitor who chose the queue with the prompt and got its first answer. */
async function withThePrompt(answer = 'Olá, Ana! Em que posso ajudar?') {
  fake.answer = answer;
  const visitor = await scenario.visitor('Ana Souza');
  await visitor.say('oi');
  await visitor.waitForReply('Escolha um setor');
  await visitor.say('1');
  expect(await visitor.waitForReply(answer)).toBe(answer);
  await botsIdle();
  return visitor;
}

describe('an AI prompt through the webchat channel', () => {
  it("answers the visitor with the model's answer, asked with the prompt, the recent messages, temperature and max tokens", async () => {
    const visitor = await withThePrompt();
    expect(await visitor.ticket()).toMatchObject({ queue_id: promptQueue, use_integration: true, prompt_id: promptId, user_id: null });

    fake.answer = 'Abrimos aos sábados das 7h às 13h.';
    await visitor.say('Vocês abrem no sábado?');
    expect(await visitor.waitForReply('aos sábados')).toBe('Abrimos aos sábados das 7h às 13h.');

    const { apiKey, body } = fake.completions.at(-1)!;
    expect(apiKey).toBe(fake.apiKey);
    expect(body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.4, max_tokens: 80 });
    const [system, ...turns] = body.messages;
    expect(system).toMatchObject({ role: 'system' });
    expect(system!.content.startsWith(INSTRUCTIONS)).toBe(true);
    expect(system!.content).toContain("The customer's first name is Ana");
    expect(system!.content).toContain(`answer exactly "${HAND_OFF}"`);
    // maxMessages 2: the visitor's choice and the prompt's first answer, then the new message.
    expect(turns).toEqual([
      { role: 'user', content: '1' },
      { role: 'assistant', content: 'Olá, Ana! Em que posso ajudar?' },
      { role: 'user', content: 'Vocês abrem no sábado?' },
    ]);
    // The queue's own greeting stays silent: the prompt has the conversation.
    expect(await visitor.replies()).not.toContain('Bem-vindo à assistente');
  });

  it("transcribes the visitor's voice note and answers what was said", async () => {
    const visitor = await withThePrompt();
    const voice = Buffer.concat([Buffer.from('OggS'), Buffer.from('voz da visitante perguntando o horário')]);
    fake.transcript = 'Até que horas vocês entregam?';
    fake.answer = 'Entregamos até as 20h.';
    await visitor.sendFile({ fileName: 'pergunta.ogg', mimeType: 'audio/ogg', data: voice });
    expect(await visitor.waitForReply('Entregamos')).toBe('Entregamos até as 20h.');

    expect(fake.transcriptions).toHaveLength(1);
    expect(fake.transcriptions[0]).toMatchObject({ model: 'whisper-1', audio: voice });
    expect(fake.completions.at(-1)!.body.messages.at(-1)).toEqual({ role: 'user', content: 'Até que horas vocês entregam?' });
  });

  it('answers with a voice note in the voice the admin chose', async () => {
    const token = scenario.company.admin.token;
    const voiced = await api(scenario.server, 'PUT', `/prompt/${promptId}`, {
      token,
      body: { voice: 'Francisca', voiceKey: fake.speechKey, voiceRegion: 'brazilsouth' },
    });
    expect(voiced.status).toBe(200);
    fake.answer = 'Seu pedido sai às 10h.';
    const visitor = await scenario.visitor('Ana Souza');
    await visitor.say('oi');
    await visitor.say('1');
    // The visitor's transcript shows the recording (the widget plays it), not the answer's text.
    const heard = await eventually(
      async () =>
        (await visitor.transcript()).find(
          (message: WidgetMessage & { mimeType?: string }) => message.fromMe && message.mimeType === 'audio/ogg',
        ),
      'voice note in the transcript',
    );
    expect(heard).toMatchObject({ mediaName: expect.stringMatching(/\.ogg$/) });
    expect(await visitor.replies()).not.toContainEqual(expect.stringContaining('Seu pedido'));

    expect(fake.speeches).toHaveLength(1);
    expect(fake.speeches[0]).toMatchObject({ region: 'brazilsouth', key: fake.speechKey, outputFormat: 'ogg-48khz-16bit-mono-opus' });
    expect(fake.speeches[0]!.ssml).toContain('pt-BR-FranciscaNeural');
    expect(fake.speeches[0]!.ssml).toContain('Seu pedido sai às 10h.');
    const ticketId = (await visitor.ticket()).id as number;
    const stored = await scenario.server.ports.database
      .knex('messages')
      .where({ ticket_id: ticketId, from_me: true, media_type: 'audio' })
      .first('data', 'media_url');
    expect(stored?.data).toMatchObject({ mimeType: 'audio/ogg', voiceNote: true });
    // What Azure made is the file the channel delivers.
    expect(await buffer(scenario.server.container.get<MediaStorage>(MediaStorage).read(stored.media_url))).toEqual(fake.voiceNote);
  });

  it("the admin's hand-off phrase hands the ticket to the queue's humans, and the prompt stays silent", async () => {
    const visitor = await withThePrompt();
    fake.answer = `Claro, Ana! ${HAND_OFF}.`;
    await visitor.say('Quero falar com uma pessoa');
    expect(await visitor.waitForReply('Claro, Ana!')).toBe('Claro, Ana!');
    // The hand-off is applied once the prompt's last words are sent.
    await botsIdle();
    expect(await visitor.ticket()).toMatchObject({ status: 'pending', queue_id: promptQueue, use_integration: false, user_id: null });
    expect((await visitor.replies()).join('\n')).not.toContain(HAND_OFF);

    const asked = fake.completions.length;
    await visitor.say('Alguém aí?');
    await botsIdle();
    expect(fake.completions).toHaveLength(asked);
    expect((await visitor.ticket()).use_integration).toBe(false);
  });

  it('an agent accepting the ticket stops the prompt', async () => {
    const visitor = await withThePrompt();
    await acceptTicket(scenario, (await visitor.ticket()).id as number);
    expect(await visitor.ticket()).toMatchObject({ status: 'open', use_integration: false });

    const asked = fake.completions.length;
    await visitor.say('Ainda é a assistente?');
    await botsIdle();
    expect(fake.completions).toHaveLength(asked);
  });
});
