import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { loadOpenAiConfig } from '@switchboard/config';
import { integrationContext, type LoggedLine } from '@switchboard/sdk/testing';
import type { ConversationMessage } from '@switchboard/sdk';
import { DEFAULT_HAND_OFF_PHRASE } from '../prompt-settings.js';
import { startFakeUpstreams, type FakeUpstreams } from './fake-upstreams.js';
import { integrationFor, promptConfig } from './harness.js';

const at = (minute: number): string => new Date(Date.UTC(2026, 0, 5, 12, minute)).toISOString();
const said = (fromMe: boolean, body: string, minute: number): ConversationMessage => ({ fromMe, body, createdAt: at(minute) });

let fake: FakeUpstreams;
beforeEach(async () => {
  fake = await startFakeUpstreams();
});
afterEach(async () => {
  await fake.close();
});

describe('openai prompt: text answers', () => {
  it("asks with the prompt as instructions, the ticket's turns, temperature and max tokens, and sends the answer", async () => {
    const history = [
      said(false, 'Oi', 1),
      said(true, 'Olá! Como posso ajudar?', 2),
      { ...said(false, '', 3), mediaType: 'image' as const },
      said(false, 'Vocês vendem bicicletas?', 4),
      said(true, 'Sim, de vários modelos.', 5),
    ];
    const integration = integrationFor(fake);
    const config = promptConfig(fake, { temperature: 0.3, maxTokens: 60 });

    const result = await integration.handle(integrationContext({ config, body: 'E qual é o horário?', history }));

    expect(result).toEqual({ replies: [{ body: fake.answer }] });
    expect(fake.completions).toHaveLength(1);
    const { body, apiKey } = fake.completions[0]!;
    expect(apiKey).toBe(fake.apiKey);
    expect(body.model).toBe('gpt-4o-mini');
    expect(body.temperature).toBe(0.3);
    expect(body.max_tokens).toBe(60);
    const [system, ...turns] = body.messages;
    expect(system!.role).toBe('system');
    expect(system!.content.startsWith(String(config.prompt))).toBe(true);
    expect(system!.content).toContain('Ana');
    expect(system!.content).not.toContain('Souza');
    expect(system!.content).toMatch(/short/i);
    expect(system!.content).toContain('pt-BR');
    expect(system!.content).toContain(DEFAULT_HAND_OFF_PHRASE);
    // The file without a caption has nothing to say; the company's messages are the assistant's turns.
    expect(turns).toEqual([
      { role: 'user', content: 'Oi' },
      { role: 'assistant', content: 'Olá! Como posso ajudar?' },
      { role: 'user', content: 'Vocês vendem bicicletas?' },
      { role: 'assistant', content: 'Sim, de vários modelos.' },
      { role: 'user', content: 'E qual é o horário?' },
    ]);
  });

  it('reads only the last maxMessages messages, and asks core for that many', async () => {
    const integration = integrationFor(fake);
    const config = promptConfig(fake, { maxMessages: 2 });
    const history = [said(false, 'um', 1), said(true, 'dois', 2), said(false, 'três', 3)];
    expect(typeof integration.historyLimit === 'function' && integration.historyLimit(config)).toBe(2);
    expect(typeof integration.historyLimit === 'function' && integration.historyLimit({})).toBe(10);

    await integration.handle(integrationContext({ config, body: 'quatro', history }));

    expect(fake.completions[0]!.body.messages.slice(1).map((turn) => turn.content)).toEqual(['dois', 'três', 'quatro']);
  });

  it('uses the defaults of spec 3 when the prompt leaves them empty', async () => {
    const config = promptConfig(fake, { maxTokens: '', temperature: undefined, maxMessages: null });
    await integrationFor(fake).handle(integrationContext({ config, body: 'Oi' }));
    expect(fake.completions[0]!.body).toMatchObject({ max_tokens: 100, temperature: 1 });
  });
});

describe('openai prompt: voice notes', () => {
  it("transcribes the contact's voice note with whisper-1 and answers what was said", async () => {
    const audio = Buffer.from('OggS-contact-voice-note-bytes');
    const ctx = integrationContext({
      config: promptConfig(fake),
      media: { mediaType: 'audio', mimeType: 'audio/ogg', fileName: 'audio-123.ogg', data: audio },
    });

    const result = await integrationFor(fake).handle(ctx);

    expect(fake.transcriptions).toEqual([{ model: 'whisper-1', fileName: 'audio-123.ogg', audio }]);
    expect(fake.completions[0]!.body.messages.at(-1)).toEqual({ role: 'user', content: fake.transcript });
    expect(result.replies).toEqual([{ body: fake.answer }]);
  });

  it("answers with the prompt's Azure voice as an ogg voice note", async () => {
    const config = promptConfig(fake, { voice: 'Francisca', voiceKey: fake.speechKey, voiceRegion: 'brazilsouth' });
    fake.answer = 'Abrimos às 8h & fechamos às <18h>.';

    const result = await integrationFor(fake).handle(integrationContext({ config, body: 'Que horas abrem?' }));

    expect(fake.speeches).toHaveLength(1);
    const speech = fake.speeches[0]!;
    expect(speech).toMatchObject({
      region: 'brazilsouth',
      key: fake.speechKey,
      outputFormat: 'ogg-48khz-16bit-mono-opus',
      contentType: 'application/ssml+xml',
    });
    expect(speech.ssml).toContain('<voice name="pt-BR-FranciscaNeural">Abrimos às 8h &amp; fechamos às &lt;18h&gt;.</voice>');
    expect(result.replies).toHaveLength(1);
    const [reply] = result.replies;
    expect(reply!.voiceNote).toBe(true);
    expect(reply!.body).toBeUndefined();
    expect(reply!.media).toMatchObject({ mimeType: 'audio/ogg', data: fake.voiceNote });
    expect((reply!.media as { fileName: string }).fileName).toMatch(/\.ogg$/);
  });

  it('sends the text when Azure refuses the voice, and says so in the log without the key', async () => {
    const logged: LoggedLine[] = [];
    const config = promptConfig(fake, { voice: 'Antonio', voiceKey: 'azure-wrong-key-4242', voiceRegion: 'eastus' });

    const result = await integrationFor(fake).handle(integrationContext({ config, body: 'Oi', logged }));

    expect(fake.speeches[0]!.region).toBe('eastus');
    expect(result.replies).toEqual([{ body: fake.answer }]);
    const warning = logged.find((line) => line.level === 'warn');
    expect(warning?.message).toMatch(/voice note.*text/);
    expect(warning?.data).toMatchObject({ voice: 'pt-BR-AntonioNeural', status: 401 });
    expect(JSON.stringify(logged)).not.toContain('azure-wrong-key-4242');
    expect(JSON.stringify(logged)).not.toContain(fake.apiKey);
  });

  it('refuses a voice without its Azure key, or an unknown voice, before calling anyone', async () => {
    const integration = integrationFor(fake);
    await expect(
      integration.handle(integrationContext({ config: promptConfig(fake, { voice: 'Yara', voiceRegion: 'brazilsouth' }), body: 'Oi' })),
    ).rejects.toThrow(/voice Yara needs the Azure Speech key and region/);
    await expect(integration.handle(integrationContext({ config: promptConfig(fake, { voice: 'Jenny' }), body: 'Oi' }))).rejects.toThrow(
      /voice Jenny is not one of/,
    );
    await expect(
      integration.handle(
        integrationContext({ config: promptConfig(fake, { voice: 'Yara', voiceKey: 'k', voiceRegion: 'evil.example/x' }), body: 'Oi' }),
      ),
    ).rejects.toThrow(/not an Azure region/);
    expect(fake.completions).toHaveLength(0);
  });
});

describe('openai prompt: hand-off to a person', () => {
  it('hands the ticket to a person on the hand-off phrase, without sending the phrase', async () => {
    fake.answer = DEFAULT_HAND_OFF_PHRASE;
    const result = await integrationFor(fake).handle(
      integrationContext({ config: promptConfig(fake), body: 'Quero falar com um atendente' }),
    );
    expect(result).toEqual({ replies: [], handOff: true });
  });

  it('sends what the model said besides the phrase, however it wrote the phrase', async () => {
    fake.answer = 'Claro, Ana! "ação:  transferir para o setor de ATENDIMENTO".';
    const result = await integrationFor(fake).handle(integrationContext({ config: promptConfig(fake), body: 'Quero uma pessoa' }));
    expect(result).toEqual({ replies: [{ body: 'Claro, Ana!' }], handOff: true });
  });

  it("tells the model the prompt's own phrase and hands off on it", async () => {
    const config = promptConfig(fake, { handOffPhrase: 'CHAMAR HUMANO' });
    fake.answer = 'CHAMAR HUMANO';
    const result = await integrationFor(fake).handle(integrationContext({ config, body: 'Pessoa, por favor' }));
    expect(result.handOff).toBe(true);
    expect(fake.completions[0]!.body.messages[0]!.content).toContain('"CHAMAR HUMANO"');
    expect(fake.completions[0]!.body.messages[0]!.content).not.toContain(DEFAULT_HAND_OFF_PHRASE);
  });

  it('keeps the bot on an ordinary answer', async () => {
    const result = await integrationFor(fake).handle(integrationContext({ config: promptConfig(fake), body: 'Oi' }));
    expect(result.handOff).toBeUndefined();
  });
});

describe('openai prompt: refusals and settings checks', () => {
  it('testSession accepts the key when OpenAI offers the model', async () => {
    const signal = new AbortController().signal;
    await expect(integrationFor(fake).testSession(promptConfig(fake), { signal })).resolves.toEqual({
      ok: true,
      message: expect.stringContaining('gpt-4o-mini'),
    });
  });

  it('testSession says in plain words that OpenAI refused the key (401), without the key', async () => {
    const signal = new AbortController().signal;
    const result = await integrationFor(fake).testSession(promptConfig(fake, { apiKey: 'sk-refused-key-7777' }), { signal });
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/refused the prompt's API key \(401\)/);
    expect(result.message).not.toMatch(/7777|sk-re/);
  });

  it('testSession names a model the key is not offered, and an empty key', async () => {
    const signal = new AbortController().signal;
    const result = await integrationFor(fake, { model: 'gpt-unknown' }).testSession(promptConfig(fake), { signal });
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/model gpt-unknown .*404/) });
    await expect(integrationFor(fake).testSession(promptConfig(fake, { apiKey: ' ' }), { signal })).resolves.toEqual({
      ok: false,
      message: 'Fill in the OpenAI API key',
    });
    expect(fake.completions).toHaveLength(0);
  });

  it.each([
    [401, /refused the prompt's API key \(401\)/],
    [429, /limiting requests or the account has no credit left \(429\)/],
    [500, /OpenAI failed \(500\)/],
    [503, /OpenAI failed \(503\)/],
  ])('throws a clear error on %i, without the key', async (status, message) => {
    const config = status === 401 ? promptConfig(fake, { apiKey: 'sk-refused-key-7777' }) : promptConfig(fake);
    if (status !== 401) fake.refuse(status);
    const error = await integrationFor(fake, { maxRetries: 0 })
      .handle(integrationContext({ config, body: 'Oi' }))
      .catch((caught: unknown) => caught as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toMatch(/7777|sk-re|sk-test/);
  });

  it('retries a passing 5xx once', async () => {
    fake.refuse(502, 1);
    const result = await integrationFor(fake, { maxRetries: 1 }).handle(integrationContext({ config: promptConfig(fake), body: 'Oi' }));
    expect(fake.refused).toBe(1);
    expect(result).toEqual({ replies: [{ body: fake.answer }] });
  });

  it('refuses a prompt without an API key, with a message naming it', async () => {
    await expect(
      integrationFor(fake).handle(integrationContext({ config: promptConfig(fake, { apiKey: '' }), body: 'Oi' })),
    ).rejects.toThrow('The prompt has no OpenAI API key');
    await expect(
      integrationFor(fake).handle(integrationContext({ config: promptConfig(fake, { temperature: 3 }), body: 'Oi' })),
    ).rejects.toThrow(/temperature must be a number from 0 to 2/);
  });
});

describe('openai prompt: configuration', () => {
  it('defaults to OpenAI, a small chat model and Azure by region; a bad address stops with its name', () => {
    expect(loadOpenAiConfig({})).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-4o-mini',
      azureTtsUrl: 'https://{region}.tts.speech.microsoft.com/cognitiveservices/v1',
    });
    expect(loadOpenAiConfig({ OPENAI_BASE_URL: 'http://127.0.0.1:4010/v1/', OPENAI_MODEL: 'gpt-4.1-mini' })).toMatchObject({
      baseUrl: 'http://127.0.0.1:4010/v1',
      model: 'gpt-4.1-mini',
    });
    expect(() => loadOpenAiConfig({ AZURE_TTS_URL: 'https://tts.example/v1' })).toThrow(/AZURE_TTS_URL/);
    expect(() => loadOpenAiConfig({ OPENAI_BASE_URL: 'openai' })).toThrow(/OPENAI_BASE_URL/);
  });
});
