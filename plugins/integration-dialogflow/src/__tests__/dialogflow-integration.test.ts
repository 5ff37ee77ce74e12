import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { integrationContext, type LoggedLine } from '@switchboard/sdk/testing';
import { DialogflowSettingsError } from '../dialogflow-settings.js';
import { DialogflowUpstreamError } from '../dialogflow-sessions.js';
import { VoiceNoteFormatError } from '../voice-note.js';
import { fakeServiceAccount, fakeVoiceNote } from './fake-dialogflow.js';
import { PROJECT_ID, startSupportAgent, storedState, type SupportAgent } from './support-agent.js';

const TICKET_UUID = '00000000-0000-4000-8000-000000000001';
const signal = () => new AbortController().signal;

describe('the dialogflow integration', () => {
  let agent: SupportAgent;
  beforeEach(async () => {
    agent = await startSupportAgent();
  });
  afterEach(async () => {
    await agent.fake.close();
  });

  const say = (body: string, options: Partial<Parameters<typeof integrationContext>[0]> = {}) =>
    agent.integration.handle(integrationContext({ config: agent.config, body, ...options }));

  it("sends the contact's text to the ticket's session and answers the intent's messages, options numbered", async () => {
    const result = await say('Oi, bom dia');

    expect(agent.fake.requests).toHaveLength(1);
    expect(agent.fake.requests[0]).toMatchObject({
      projectId: PROJECT_ID,
      sessionId: TICKET_UUID,
      body: { queryInput: { text: { text: 'Oi, bom dia', languageCode: 'pt-BR' } } },
    });
    // The Messenger-only message is left out: the agent has default ones.
    expect(result.replies).toEqual([
      { body: 'Olá! Sou o assistente virtual da Acme.' },
      { body: 'Como posso ajudar?\n1 - Segunda via do boleto\n2 - Horário de atendimento\n3 - Falar com um atendente' },
    ]);
    expect(result.state).toEqual({
      sessionId: TICKET_UUID,
      choices: ['Segunda via do boleto', 'Horário de atendimento', 'Falar com um atendente'],
    });
    expect(result.handOff).toBeUndefined();
  });

  it("opens with the agent's welcome when the message only chose the bot's queue, not with those words", async () => {
    const result = await say('1', { opening: true });
    expect(agent.fake.requests[0]).toMatchObject({
      sessionId: TICKET_UUID,
      body: { queryInput: { event: { name: 'WELCOME', languageCode: 'pt-BR' } } },
    });
    expect(result.replies[0]).toEqual({ body: 'Olá! Sou o assistente virtual da Acme.' });
    // Within the conversation, a number is an answer again.
    const next = await say('1', { state: storedState(result.state) });
    expect(agent.fake.requests[1]!.body.queryInput.text).toEqual({ text: 'Segunda via do boleto', languageCode: 'pt-BR' });
    expect(next.replies[0]).toEqual({ body: 'Enviei a segunda via para o seu e-mail.' });
  });

  it("turns a number into the option it stands for, in the same session, and reads Dialogflow Messenger's rich content", async () => {
    const first = await say('Oi');
    const second = await say('1', { state: storedState(first.state) });

    expect(agent.fake.requests.map((request) => [request.sessionId, request.queryText])).toEqual([
      [TICKET_UUID, 'Oi'],
      [TICKET_UUID, 'Segunda via do boleto'],
    ]);
    expect(second.replies).toEqual([
      { body: 'Enviei a segunda via para o seu e-mail.' },
      { media: { url: 'https://cdn.acme.example/boleto-marco.png' } },
      { body: 'Boleto de março\nVence em 10/03' },
    ]);
    // No options this time: a later "1" is the contact's own words.
    expect(second.state).toEqual({ sessionId: TICKET_UUID });
  });

  it('sends a card as its image with the title, subtitle and numbered buttons as the caption', async () => {
    const result = await say('Qual o horário?', { state: { sessionId: 'kept-session-7' } });

    expect(agent.fake.requests[0].sessionId).toBe('kept-session-7');
    expect(result.replies).toEqual([
      {
        media: { url: 'https://cdn.acme.example/loja.jpg' },
        body: 'Horário de atendimento\nSegunda a sexta, das 8h às 18h\n1 - Ver endereço\n2 - Voltar ao início',
      },
    ]);
    expect(result.state).toEqual({ sessionId: 'kept-session-7', choices: ['Ver endereço', 'Voltar ao início'] });
  });

  it("answers a voice note: its OGG Opus bytes go as the query's audio at the recording's sample rate", async () => {
    const media = {
      mediaType: 'audio' as const,
      mimeType: 'audio/ogg; codecs=opus',
      fileName: 'audio.ogg',
      data: fakeVoiceNote('quero a segunda via'),
    };
    const result = await say('', { media });

    const [request] = agent.fake.requests;
    const { audioEncoding, ...audioConfig } = request.body.queryInput.audioConfig ?? {};
    // The client sends enums by number (AUDIO_ENCODING_OGG_OPUS is 6).
    expect(['AUDIO_ENCODING_OGG_OPUS', 6]).toContain(audioEncoding);
    expect(audioConfig).toEqual({ sampleRateHertz: 16000, languageCode: 'pt-BR' });
    expect(Buffer.from(request.body.inputAudio ?? '', 'base64')).toEqual(media.data);
    expect(request.queryText).toBe('quero a segunda via');
    expect(result.replies[0]).toEqual({ body: 'Enviei a segunda via para o seu e-mail.' });
  });

  it('declares 48 kHz for a voice note recorded at a rate Dialogflow does not take', async () => {
    await say('', { media: { mediaType: 'audio', mimeType: 'audio/ogg', fileName: 'a.ogg', data: fakeVoiceNote('oi', 44100) } });
    expect(agent.fake.requests[0].body.queryInput.audioConfig?.sampleRateHertz).toBe(48000);
  });

  it('refuses a voice note that is not OGG Opus, saying so, without calling Dialogflow', async () => {
    const mp3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(64)]);
    await expect(say('', { media: { mediaType: 'audio', mimeType: 'audio/mpeg', fileName: 'a.mp3', data: mp3 } })).rejects.toThrow(
      new VoiceNoteFormatError('Dialogflow reads voice notes in OGG Opus only; this one is audio/mpeg'),
    );
    expect(agent.fake.requests).toHaveLength(0);
  });

  it('asks nothing for a message without words (a picture without a caption)', async () => {
    const media = { mediaType: 'image' as const, mimeType: 'image/jpeg', fileName: 'p.jpg', data: Buffer.from('jpeg') };
    await expect(say('', { media })).resolves.toEqual({ replies: [] });
    expect(agent.fake.requests).toHaveLength(0);
  });

  it('hands the ticket to a person when the intent ends the interaction, forgetting the session', async () => {
    const result = await say('Quero falar com um atendente', { state: { sessionId: TICKET_UUID } });
    expect(result).toEqual({ replies: [{ body: 'Certo, vou chamar um atendente.' }], state: null, handOff: true });
  });

  it("hands the ticket to a person when Dialogflow's diagnostics say the conversation ended", async () => {
    const result = await say('Obrigado, tchau');
    expect(result).toMatchObject({ replies: [{ body: 'Até logo!' }], state: null, handOff: true });
  });

  it("asks in the integration's language, else in the company's", async () => {
    await say('Hi', { config: { ...agent.config, language: 'en' } });
    await say('Hi', { config: { ...agent.config, language: '' }, language: 'en' });
    await say('Oi', { config: { ...agent.config, language: undefined }, language: 'tr' });
    expect(agent.fake.requests.map((request) => request.body.queryInput.text?.languageCode)).toEqual(['en', 'en', 'pt-BR']);
  });

  it('uses the project of the key file when the integration names none, and cuts a long text to 256 characters', async () => {
    await say('ó'.repeat(300), { config: { ...agent.config, projectName: '' } });
    expect(agent.fake.requests[0].projectId).toBe(PROJECT_ID);
    expect(agent.fake.requests[0].queryText).toBe('ó'.repeat(256));
  });

  it("throws Dialogflow's refusal in plain words, never quoting the key", async () => {
    const logged: LoggedLine[] = [];
    const foreign = fakeServiceAccount(PROJECT_ID);
    const refused = say('Oi', { config: { ...agent.config, jsonContent: foreign.jsonContent }, logged });
    await expect(refused).rejects.toThrow(DialogflowUpstreamError);
    const error = (await refused.catch((caught: Error) => caught)) as Error;
    expect(error.message).toBe(
      `Google refused the key of the service account ${foreign.clientEmail}: it may be revoked or deleted; create a new key`,
    );
    expect(JSON.stringify(logged)).not.toContain('PRIVATE KEY');
  });

  it('refuses settings it cannot use, naming the setting and never quoting the key', async () => {
    const broken = agent.fake.account.jsonContent.replace('"type"', 'type');
    const attempt = say('Oi', { config: { ...agent.config, jsonContent: broken } });
    await expect(attempt).rejects.toThrow(DialogflowSettingsError);
    await expect(attempt).rejects.toThrow(/jsonContent\) is not valid JSON/);
    await expect(attempt).rejects.not.toThrow(/PRIVATE KEY|MII/);
    await expect(say('Oi', { config: { ...agent.config, jsonContent: '' } })).rejects.toThrow(
      'The service account key (jsonContent) is required',
    );
    const noKey = JSON.stringify({ ...JSON.parse(agent.fake.account.jsonContent), private_key: 'not a key' });
    await expect(say('Oi', { config: { ...agent.config, jsonContent: noKey } })).rejects.toThrow(
      `The private_key of the service account switchboard-bot@${PROJECT_ID}.iam.gserviceaccount.com is not a PEM private key`,
    );
    await expect(say('Oi', { config: { ...agent.config, projectName: 'Acme Project' } })).rejects.toThrow(/not a Google Cloud project id/);
    expect(agent.fake.requests).toHaveLength(0);
  });

  it('gives up at once when core stops waiting for a slow agent', async () => {
    const arrived = agent.fake.stallNext();
    const controller = new AbortController();
    const answer = say('Oi', { signal: controller.signal });
    await arrived;
    controller.abort(new Error('core gave up waiting'));
    await expect(answer).rejects.toThrow('The Dialogflow call was stopped: Switchboard gave up waiting');
  });
});

describe('the dialogflow connection test', () => {
  let agent: SupportAgent;
  beforeEach(async () => {
    agent = await startSupportAgent();
  });
  afterEach(async () => {
    await agent.fake.close();
  });

  const test = (config: Record<string, unknown>) => agent.integration.testSession(config, { signal: signal() });

  it('asks the agent a greeting in a session of its own', async () => {
    await expect(test(agent.config)).resolves.toEqual({
      ok: true,
      message: `The agent of project ${PROJECT_ID} answered with the intent Boas-vindas`,
    });
    const [request] = agent.fake.requests;
    expect(request.sessionId).toMatch(/^switchboard-test-[0-9a-f-]+$/);
    expect(request.sessionId.length).toBeLessThanOrEqual(36);
    expect(request.queryText).toBe('Oi');
  });

  it('says why Google refused: a revoked key, another project, a language the agent does not speak', async () => {
    const foreign = fakeServiceAccount(PROJECT_ID);
    await expect(test({ ...agent.config, jsonContent: foreign.jsonContent })).resolves.toEqual({
      ok: false,
      message: `Google refused the key of the service account ${foreign.clientEmail}: it may be revoked or deleted; create a new key`,
    });
    await expect(test({ ...agent.config, projectName: 'other-project-42' })).resolves.toEqual({
      ok: false,
      message:
        `The service account switchboard-bot@${PROJECT_ID}.iam.gserviceaccount.com may not use Dialogflow in project other-project-42: ` +
        'enable the Dialogflow API there and give the account the Dialogflow API Client role',
    });
    const spanish = await test({ ...agent.config, language: 'es' });
    expect(spanish).toEqual({
      ok: false,
      message: `The agent of project ${PROJECT_ID} refused the query in es: com.google.apps.framework.request.BadRequestException: Unsupported language code es.`,
    });
  });

  it('refuses settings it cannot read without asking Google, and throws when Dialogflow cannot be reached', async () => {
    await expect(test({ ...agent.config, jsonContent: '{ "private_key": ' })).resolves.toEqual({
      ok: false,
      message: 'The service account key (jsonContent) is not valid JSON: paste the whole key file Google Cloud gave',
    });
    await expect(test({ ...agent.config, language: 'fr' })).resolves.toEqual({
      ok: false,
      message: 'The language fr is not one of pt-BR, en, es',
    });
    expect(agent.fake.requests).toHaveLength(0);
    const url = agent.fake.url;
    await agent.fake.close();
    await expect(test(agent.config)).rejects.toThrow(`Dialogflow could not be reached at ${url}`);
  });
});
