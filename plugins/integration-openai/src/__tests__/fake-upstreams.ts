import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake OpenAI received on POST /v1/chat/completions. */
export interface ReceivedCompletion {
  apiKey: string;
  body: {
    model: string;
    messages: { role: string; content: string }[];
    temperature?: number;
    max_tokens?: number;
  };
}

export interface ReceivedTranscription {
  model: string;
  fileName: string;
  audio: Buffer;
}

export interface ReceivedSpeech {
  region: string;
  key: string;
  outputFormat: string;
  contentType: string;
  ssml: string;
}

/**
 * A local stand-in for the OpenAI API (chat completions, audio transcriptions, models) under /v1 and for Azure
 * Speech's text-to-speech under /azure/{region}/cognitiveservices/v1, answering as their public documentation shows.
 */
export interface FakeUpstreams {
  /** OPENAI_BASE_URL for the plugin. */
  baseUrl: string;
  /** AZURE_TTS_URL for the plugin. */
  ttsUrl: string;
  apiKey: string;
  speechKey: string;
  /** Models GET /v1/models/{model} knows. */
  models: string[];
  /** The assistant's next answer. */
  answer: string;
  transcript: string;
  /** The Ogg bytes Azure answers. */
  voiceNote: Buffer;
  /** Answers the next `times` OpenAI calls with `status` and OpenAI's error body. */
  refuse(status: number, times?: number): void;
  /** How many calls it refused that way. */
  refused: number;
  completions: ReceivedCompletion[];
  transcriptions: ReceivedTranscription[];
  speeches: ReceivedSpeech[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** OpenAI's error body; its 401 quotes the start and end of the key, as the real one does. */
function openAiError(response: ServerResponse, status: number, apiKey: string): void {
  const messages: Record<number, [string, string]> = {
    401: [`Incorrect API key provided: ${apiKey.slice(0, 5)}***${apiKey.slice(-4)}.`, 'invalid_api_key'],
    404: ['The model does not exist or you do not have access to it.', 'model_not_found'],
    429: ['You exceeded your current quota, please check your plan and billing details.', 'insufficient_quota'],
  };
  const [message, code] = messages[status] ?? ['The server had an error while processing your request.', 'server_error'];
  sendJson(response, status, { error: { message, type: 'invalid_request_error', param: null, code } });
}

export async function startFakeUpstreams(): Promise<FakeUpstreams> {
  const server = createServer((request, response) => {
    void serve(request, response).catch((error: unknown) => sendJson(response, 500, { error: { message: String(error) } }));
  });
  let refusal = { status: 0, times: 0 };
  const fake: FakeUpstreams = {
    baseUrl: '',
    ttsUrl: '',
    apiKey: 'sk-test-fake-openai-key-0001',
    speechKey: 'azure-fake-speech-key-0001',
    models: ['gpt-4o-mini', 'whisper-1'],
    answer: 'Olá, Ana! Abrimos às 8h.',
    transcript: 'Qual é o horário de vocês?',
    voiceNote: Buffer.concat([Buffer.from('OggS'), Buffer.alloc(60, 7)]),
    refuse(status, times = Infinity) {
      refusal = { status, times };
    },
    refused: 0,
    completions: [],
    transcriptions: [],
    speeches: [],
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // The clients keep connections alive; a closed upstream refuses them all.
        server.closeAllConnections();
      }),
  };

  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = await readBody(request);
    const speech = /^\/azure\/([^/]+)\/cognitiveservices\/v1$/.exec(url.pathname);
    if (speech && request.method === 'POST') {
      const key = String(request.headers['ocp-apim-subscription-key'] ?? '');
      fake.speeches.push({
        region: decodeURIComponent(speech[1] ?? ''),
        key,
        outputFormat: String(request.headers['x-microsoft-outputformat'] ?? ''),
        contentType: String(request.headers['content-type'] ?? ''),
        ssml: body.toString('utf8'),
      });
      if (key !== fake.speechKey) {
        response.writeHead(401).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'audio/ogg; codecs=opus' });
      response.end(fake.voiceNote);
      return;
    }

    const apiKey = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (apiKey !== fake.apiKey) return openAiError(response, 401, apiKey);
    if (refusal.times > 0) {
      refusal.times -= 1;
      fake.refused += 1;
      return openAiError(response, refusal.status, apiKey);
    }

    if (request.method === 'POST' && url.pathname === '/v1/chat/completions') {
      const completion = JSON.parse(body.toString('utf8')) as ReceivedCompletion['body'];
      fake.completions.push({ apiKey, body: completion });
      if (!fake.models.includes(completion.model)) return openAiError(response, 404, apiKey);
      return sendJson(response, 200, {
        id: `chatcmpl-${fake.completions.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: completion.model,
        choices: [{ index: 0, message: { role: 'assistant', content: fake.answer, refusal: null }, logprobs: null, finish_reason: 'stop' }],
        usage: { prompt_tokens: 42, completion_tokens: 9, total_tokens: 51 },
      });
    }
    if (request.method === 'POST' && url.pathname === '/v1/audio/transcriptions') {
      // Multipart form data, read the way a server would.
      const form = await new Request('http://fake/', {
        method: 'POST',
        headers: { 'content-type': String(request.headers['content-type']) },
        body,
      }).formData();
      const file = form.get('file') as File;
      fake.transcriptions.push({ model: String(form.get('model')), fileName: file.name, audio: Buffer.from(await file.arrayBuffer()) });
      return sendJson(response, 200, { text: fake.transcript });
    }
    const model = /^\/v1\/models\/(.+)$/.exec(url.pathname);
    if (request.method === 'GET' && model) {
      const id = decodeURIComponent(model[1] ?? '');
      if (!fake.models.includes(id)) return openAiError(response, 404, apiKey);
      return sendJson(response, 200, { id, object: 'model', created: 1686935002, owned_by: 'system' });
    }
    sendJson(response, 404, {
      error: { message: `Unknown request URL: ${request.method} ${url.pathname}`, type: 'invalid_request_error' },
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}/v1`;
  fake.ttsUrl = `http://127.0.0.1:${port}/azure/{region}/cognitiveservices/v1`;
  return fake;
}
