import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { FakeDialogflow, fakeVoiceNote } from '../../../../../plugins/integration-dialogflow/src/__tests__/fake-dialogflow.js';
import { PROJECT_ID, supportIntents } from '../../../../../plugins/integration-dialogflow/src/__tests__/support-agent.js';
import { eventually } from '../../../testing/eventually.js';
import { api } from '../../../testing/test-server.js';
import { addQueue, clearQueues } from '../../routing/__tests__/menu-fixtures.js';
import { acceptTicket, startRoutingScenario, type RoutingScenario, type Visitor } from '../../routing/__tests__/routing-scenario.js';
import { BotConversations } from '../bot-conversations.js';

/**
 * A website visitor talking to a Dialogflow ES agent through the webchat channel: the real dialogflow plugin (a
 * workspace plugin, loaded like in production) calls the plugin's own fake Dialogflow, at DIALOGFLOW_API_URL, running
 * Acme's small support agent. The company's only queue hands its tickets to the agent; its people take over when the
 * agent ends the conversation.
 */

const GREETING = 'Olá! Sou o assistente virtual da Acme.';
const OPTIONS = 'Como posso ajudar?\n1 - Segunda via do boleto\n2 - Horário de atendimento\n3 - Falar com um atendente';

const dialogflow = new FakeDialogflow(PROJECT_ID, supportIntents);
let scenario: RoutingScenario;
let integrationId: number;
let queueId: number;

beforeAll(async () => {
  await dialogflow.start();
  // The plugin reads DIALOGFLOW_API_URL from the configuration the server starts with.
  const env = { DIALOGFLOW_API_URL: dialogflow.url };
  scenario = await startRoutingScenario({ company: { plan: { use_integrations: true } }, env });
  const created = await api(scenario.server, 'POST', '/queueIntegration', {
    token: scenario.company.admin.token,
    body: {
      type: 'dialogflow',
      name: 'Assistente Acme',
      projectName: PROJECT_ID,
      jsonContent: dialogflow.account.jsonContent,
      language: 'pt-BR',
    },
  });
  expect(created.status).toBe(201);
  integrationId = created.body.id as number;
}, 120_000);

afterAll(async () => {
  await scenario?.stop();
  await dialogflow.close();
});

beforeEach(async () => {
  await clearQueues(scenario);
  // One queue, entered at once: the visitor's first words are the agent's first query.
  await scenario.companySettings({ user_random: 'disabled', send_greeting_message_one_queues: 'enabled' });
  await scenario.connectionColumns({ greeting_message: null, integration_id: null, prompt_id: null });
  queueId = await addQueue(scenario, 'Suporte', { greeting_message: 'Bem-vindo ao suporte', integration_id: integrationId });
});

/** Waits until the bots have answered everything they were given (their turns run apart from the inbound chain). */
function botsIdle(): Promise<void> {
  return scenario.server.container.get(BotConversations).idle();
}

/** The bodies the visitor received after the first `skip`, once the bot's turn has ended and `count` have arrived. */
async function newReplies(visitor: Visitor, skip: number, count: number): Promise<string[]> {
  await botsIdle();
  const replies = await eventually(async () => {
    const received = await visitor.replies();
    return received.length >= skip + count && received;
  }, `${count} replies after ${skip}`);
  return replies.slice(skip);
}

/** A visitor the agent has greeted, with its options. */
async function greeted(): Promise<Visitor> {
  const visitor = await scenario.visitor();
  await visitor.say('Oi, bom dia');
  expect(await newReplies(visitor, 0, 2)).toEqual([GREETING, OPTIONS]);
  return visitor;
}

describe('a Dialogflow agent answering a webchat visitor', () => {
  it("opens with the agent's welcome when the visitor picks its queue from the menu, the digit asked of no one", async () => {
    await scenario.companySettings({ send_greeting_message_one_queues: 'disabled' });
    await scenario.connectionColumns({ greeting_message: 'Olá! Escolha um setor:' });
    await addQueue(scenario, 'Financeiro', { greeting_message: 'Bem-vindo ao financeiro' });
    const asked = dialogflow.requests.length;
    const visitor = await scenario.visitor();
    await visitor.say('oi');
    await visitor.waitForReply('Escolha um setor');
    // The menu lists Financeiro, then Suporte (by name).
    await visitor.say('2');
    expect(await newReplies(visitor, 1, 2)).toEqual([GREETING, OPTIONS]);
    expect(dialogflow.requests.slice(asked)).toEqual([
      expect.objectContaining({ body: { queryInput: { event: { name: 'WELCOME', languageCode: 'pt-BR' } } } }),
    ]);
  });

  it("answers with the matched intent's messages, in the ticket's session, project and language", async () => {
    const asked = dialogflow.requests.length;
    const visitor = await greeted();
    const ticket = await visitor.ticket();
    expect(ticket).toMatchObject({
      queue_id: queueId,
      use_integration: true,
      integration_id: integrationId,
      status: 'pending',
      user_id: null,
    });
    expect(dialogflow.requests.slice(asked)).toEqual([
      expect.objectContaining({
        projectId: PROJECT_ID,
        sessionId: ticket.uuid,
        queryText: 'Oi, bom dia',
        body: expect.objectContaining({ queryInput: { text: { text: 'Oi, bom dia', languageCode: 'pt-BR' } } }),
      }),
    ]);

    // The next message goes to the same session (the agent keeps its contexts), each ticket to its own.
    await visitor.say('bom dia de novo');
    expect(await newReplies(visitor, 2, 2)).toEqual([GREETING, OPTIONS]);
    expect(dialogflow.requests.at(-1)).toMatchObject({ sessionId: ticket.uuid, queryText: 'bom dia de novo' });
    const other = await greeted();
    const otherTicket = await other.ticket();
    expect(otherTicket.uuid).not.toBe(ticket.uuid);
    expect(dialogflow.requests.at(-1)).toMatchObject({ sessionId: otherTicket.uuid });
  });

  it('answers a voice note with the intent it speaks, sending its OGG Opus audio at its own sample rate', async () => {
    const visitor = await scenario.visitor();
    const asked = dialogflow.requests.length;
    const voice = fakeVoiceNote('Olá, bom dia', 16000);
    await visitor.sendFile({ fileName: 'voz.ogg', mimeType: 'audio/ogg', data: voice });
    expect(await newReplies(visitor, 0, 2)).toEqual([GREETING, OPTIONS]);
    const heard = dialogflow.requests.slice(asked);
    expect(heard).toEqual([
      expect.objectContaining({
        sessionId: (await visitor.ticket()).uuid,
        queryText: 'Olá, bom dia',
        body: {
          queryInput: { audioConfig: expect.objectContaining({ sampleRateHertz: 16000, languageCode: 'pt-BR' }) },
          inputAudio: voice.toString('base64'),
        },
      }),
    ]);
    // AUDIO_ENCODING_OGG_OPUS, by name or by number (the client asks for numeric enums).
    expect(['AUDIO_ENCODING_OGG_OPUS', 6]).toContain(heard[0]!.body.queryInput.audioConfig!.audioEncoding);
  });

  it("an intent ending the interaction hands the ticket to the queue's people, the agent silent from then on", async () => {
    const visitor = await greeted();
    // "3" is the option the agent numbered: Dialogflow is asked its words.
    await visitor.say('3');
    expect(await newReplies(visitor, 2, 1)).toEqual(['Certo, vou chamar um atendente.']);
    expect(dialogflow.requests.at(-1)).toMatchObject({ queryText: 'Falar com um atendente' });
    const ticket = await visitor.ticket();
    expect(ticket).toMatchObject({ status: 'pending', queue_id: queueId, use_integration: false, user_id: null });
    expect(await scenario.server.ports.database.knex('integration_sessions').where('ticket_id', ticket.id).first()).toBeUndefined();

    const asked = dialogflow.requests.length;
    const before = (await visitor.replies()).length;
    await visitor.say('oi? alguém aí?');
    expect(await newReplies(visitor, before, 0)).toEqual([]);
    expect(dialogflow.requests).toHaveLength(asked);
    expect(await visitor.ticket()).toMatchObject({ status: 'pending', queue_id: queueId, use_integration: false });
  });

  it("Dialogflow's end of conversation (a farewell said by voice) also hands the ticket to the queue's people", async () => {
    const visitor = await greeted();
    await visitor.sendFile({ fileName: 'voz.ogg', mimeType: 'audio/ogg', data: fakeVoiceNote('Obrigada, tchau') });
    expect(await newReplies(visitor, 2, 1)).toEqual(['Até logo!']);
    expect(await visitor.ticket()).toMatchObject({ status: 'pending', queue_id: queueId, use_integration: false, user_id: null });
  });

  it('an agent accepting the ticket stops the agent: the next message asks Dialogflow nothing', async () => {
    const visitor = await greeted();
    const ticket = await visitor.ticket();
    await acceptTicket(scenario, ticket.id);
    expect(await visitor.ticket()).toMatchObject({ status: 'open', use_integration: false, user_id: scenario.company.admin.id });
    const asked = dialogflow.requests.length;
    const before = (await visitor.replies()).length;
    await visitor.say('bom dia, ainda é o robô?');
    await botsIdle();
    expect(dialogflow.requests).toHaveLength(asked);
    expect((await visitor.replies()).slice(before)).not.toContain(GREETING);
  });
});
