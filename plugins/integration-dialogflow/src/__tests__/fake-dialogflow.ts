// Dialogflow ES faked for the dialogflow plugin's tests, from its public REST reference
// (projects.agent.sessions.detectIntent, DetectIntentRequest/Response, Intent.Message, google.rpc error bodies):
// node:http on 127.0.0.1 port 0, checking the service account's signed JWT the way Google does (RS256, with the
// key's public half), matching a small agent's intents and refusing as Dialogflow does.
import { createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One intent of the fake agent: the phrases that match it and what it answers. */
export interface FakeIntent {
  displayName: string;
  phrases: string[];
  /** Events that trigger it (the welcome intent's WELCOME). */
  events?: string[];
  fulfillmentMessages: object[];
  endInteraction?: boolean;
  liveAgentHandoff?: boolean;
  /** Set in diagnosticInfo as end_conversation (an agent whose intent ends the conversation). */
  endConversation?: boolean;
}

export interface FakeDetectIntent {
  projectId: string;
  sessionId: string;
  body: {
    queryInput: {
      text?: { text: string; languageCode: string };
      event?: { name: string; languageCode: string };
      audioConfig?: { audioEncoding: string | number; sampleRateHertz: number; languageCode: string };
    };
    inputAudio?: string;
  };
  /** What the fake heard: the text, or the voice note's transcript. */
  queryText: string;
}

/** AudioEncoding.AUDIO_ENCODING_OGG_OPUS, by name or by number (the client asks for numeric enums). */
const OGG_OPUS = ['AUDIO_ENCODING_OGG_OPUS', 6];
const FALLBACK_TEXT = 'Desculpe, não entendi.';

/** A service account of the fake project: its key file (as an admin pastes it) and the key that checks its JWTs. */
export interface FakeServiceAccount {
  jsonContent: string;
  clientEmail: string;
  publicKey: KeyObject;
}

/**
 * Its token_uri is Google's, as in a real key file: the client signs its own JWTs for Dialogflow and never calls it
 * (this machine could not reach it), so the tests show no token exchange is needed.
 */
export function fakeServiceAccount(projectId: string): FakeServiceAccount {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = `switchboard-bot@${projectId}.iam.gserviceaccount.com`;
  const keyFile = {
    type: 'service_account',
    project_id: projectId,
    private_key_id: 'fake-key-1',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: clientEmail,
    client_id: '100000000000000000001',
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: 'https://oauth2.googleapis.com/token',
  };
  return { jsonContent: JSON.stringify(keyFile, null, 2), clientEmail, publicKey };
}

/**
 * The fake voice recognition: a voice note made by `fakeVoiceNote` carries what it "says" in its OpusTags comment,
 * as a recording app writes a title.
 */
export function fakeVoiceNote(transcript: string, sampleRate = 16000): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head.writeUInt8(1, 8); // version
  head.writeUInt8(1, 9); // mono
  head.writeUInt16LE(312, 10); // pre-skip
  head.writeUInt32LE(sampleRate, 12);
  const comment = Buffer.from(`TRANSCRIPT=${transcript}`, 'utf8');
  const tags = Buffer.concat([Buffer.from('OpusTags', 'latin1'), comment, Buffer.alloc(1)]);
  // Not a real Ogg page layout: enough for the capture pattern, the identification header and the fake's ear.
  return Buffer.concat([Buffer.from('OggS', 'latin1'), Buffer.alloc(24), head, tags, Buffer.alloc(64, 0x55)]);
}

function transcriptOf(audio: Buffer): string {
  return /TRANSCRIPT=([^\0]*)/.exec(audio.toString('utf8'))?.[1] ?? '';
}

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ]/gu, '')
    .trim();
}

export class FakeDialogflow {
  readonly requests: FakeDetectIntent[] = [];
  readonly account: FakeServiceAccount;
  /** The agent's languages: others are refused as Dialogflow does (400). */
  languages = ['pt-BR', 'en'];
  private server?: HttpServer;
  private stalled?: () => void;
  url = '';

  constructor(
    readonly projectId: string,
    private readonly intents: FakeIntent[],
  ) {
    this.account = fakeServiceAccount(projectId);
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    if (!this.server) return;
    const server = this.server;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The next request gets no answer (an agent too slow); resolves once that request has arrived. */
  stallNext(): Promise<void> {
    return new Promise((resolve) => (this.stalled = resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    const route = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/:]+):detectIntent$/.exec(decodeURIComponent(url.pathname));
    if (req.method !== 'POST' || !route) return this.refuse(res, 404, 'NOT_FOUND', `Method not found: ${req.method} ${url.pathname}`);
    if (!this.signedByTheAccount(req.headers.authorization)) {
      return this.refuse(res, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected OAuth 2 access token.');
    }
    const [, projectId, sessionId] = route;
    if (projectId !== this.projectId) {
      return this.refuse(
        res,
        403,
        'PERMISSION_DENIED',
        `IAM permission 'dialogflow.sessions.detectIntent' on 'projects/${projectId}/agent' denied.`,
      );
    }
    if (sessionId.length > 36) return this.refuse(res, 400, 'INVALID_ARGUMENT', 'Session id should be at most 36 characters.');
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as FakeDetectIntent['body'];
    const heard = this.hear(body);
    if ('error' in heard) return this.refuse(res, 400, 'INVALID_ARGUMENT', heard.error);
    if (!this.languages.includes(heard.languageCode)) {
      return this.refuse(
        res,
        400,
        'INVALID_ARGUMENT',
        `com.google.apps.framework.request.BadRequestException: Unsupported language code ${heard.languageCode}.`,
      );
    }
    this.requests.push({ projectId, sessionId, body, queryText: heard.queryText });
    if (this.stalled) {
      const arrived = this.stalled;
      this.stalled = undefined;
      arrived();
      return;
    }
    const intent = heard.event ? this.intents.find((candidate) => candidate.events?.includes(heard.event!)) : this.match(heard.queryText);
    this.answer(res, 200, {
      responseId: `fake-response-${this.requests.length}`,
      queryResult: {
        queryText: heard.queryText,
        languageCode: heard.languageCode,
        fulfillmentText: intent ? '' : FALLBACK_TEXT,
        fulfillmentMessages: intent ? intent.fulfillmentMessages : [{ text: { text: [FALLBACK_TEXT] } }],
        intent: intent
          ? {
              name: `projects/${projectId}/agent/intents/${normalise(intent.displayName).replace(/ /g, '-')}`,
              displayName: intent.displayName,
              ...(intent.endInteraction ? { endInteraction: true } : {}),
              ...(intent.liveAgentHandoff ? { liveAgentHandoff: true } : {}),
            }
          : { name: `projects/${projectId}/agent/intents/fallback`, displayName: 'Default Fallback Intent', isFallback: true },
        intentDetectionConfidence: intent ? 0.9 : 1,
        ...(intent?.endConversation ? { diagnosticInfo: { end_conversation: true } } : {}),
      },
    });
  }

  /** The text the query says, from its text or its OGG Opus voice note. */
  private hear(body: FakeDetectIntent['body']): { queryText: string; languageCode: string; event?: string } | { error: string } {
    const { text, audioConfig, event } = body.queryInput ?? {};
    if (event) {
      if (!event.name) return { error: 'Event name can not be empty.' };
      return { queryText: event.name, languageCode: event.languageCode, event: event.name };
    }
    if (text) {
      if (!text.text?.trim()) return { error: 'Input text can not be empty.' };
      if (text.text.length > 256) return { error: 'Input text exceeds maximum length. Max allowed length is 256.' };
      return { queryText: text.text, languageCode: text.languageCode };
    }
    if (audioConfig && body.inputAudio) {
      if (!OGG_OPUS.includes(audioConfig.audioEncoding)) return { error: `Unexpected audio encoding ${audioConfig.audioEncoding}.` };
      if (![8000, 12000, 16000, 24000, 48000].includes(audioConfig.sampleRateHertz)) {
        return { error: `sample_rate_hertz ${audioConfig.sampleRateHertz} is not valid for OGG_OPUS.` };
      }
      return { queryText: transcriptOf(Buffer.from(body.inputAudio, 'base64')), languageCode: audioConfig.languageCode };
    }
    return { error: 'Query input must contain one of text, audio_config or event.' };
  }

  private match(queryText: string): FakeIntent | undefined {
    const said = normalise(queryText);
    return this.intents.find((intent) => intent.phrases.some((phrase) => said.includes(normalise(phrase))));
  }

  /** Google's self-signed JWT: RS256 over header.payload, issued by the account, not expired. */
  private signedByTheAccount(authorization: string | undefined): boolean {
    const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    const [header, payload, signature] = token?.split('.') ?? [];
    if (!header || !payload || !signature) return false;
    const verifier = createVerify('RSA-SHA256');
    verifier.update(`${header}.${payload}`);
    if (!verifier.verify(this.account.publicKey, Buffer.from(signature, 'base64url'))) return false;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iss?: string; exp?: number };
    return claims.iss === this.account.clientEmail && typeof claims.exp === 'number' && claims.exp * 1000 > Date.now();
  }

  private refuse(res: ServerResponse, status: number, name: string, message: string): void {
    this.answer(res, status, { error: { code: status, message, status: name } });
  }

  private answer(res: ServerResponse, status: number, body: object): void {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));
  }
}
