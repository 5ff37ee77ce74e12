import { SessionsClient, type protos } from '@google-cloud/dialogflow';
import type { DialogflowSettings } from './dialogflow-settings.js';

export type DetectIntentResponse = protos.google.cloud.dialogflow.v2.IDetectIntentResponse;

/** What the contact said: a text, or a voice note's bytes. */
/** The agent's standard welcome event (its Default Welcome Intent answers it). */
export const WELCOME_EVENT = 'WELCOME';

export type DialogflowQuery = { text: string } | { event: string } | { audio: { data: Buffer; sampleRateHertz: number } };

/** Dialogflow ES refuses a text query longer than this. */
export const MAX_QUERY_LENGTH = 256;

/** Without an answer by then the call ends, even if core never gives up. */
const DETECT_INTENT_TIMEOUT_MS = 60_000;

/** google.rpc.Code by number, as a GoogleError carries it. */
const RPC_CODES: Record<number, string> = {
  1: 'CANCELLED',
  3: 'INVALID_ARGUMENT',
  4: 'DEADLINE_EXCEEDED',
  5: 'NOT_FOUND',
  7: 'PERMISSION_DENIED',
  8: 'RESOURCE_EXHAUSTED',
  9: 'FAILED_PRECONDITION',
  13: 'INTERNAL',
  14: 'UNAVAILABLE',
  16: 'UNAUTHENTICATED',
};

/** Google's HTTP statuses and the google.rpc.Code each stands for (https://cloud.google.com/apis/design/errors). */
const HTTP_CODES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** Dialogflow's answer to a refused call: its google.rpc status name and its own words. */
interface Refusal {
  status: string;
  message: string;
}

/**
 * Reads a refusal from what the client threw: a GoogleError (a google.rpc code), or, as this client's REST transport
 * does, the HTTP client's error with Google's error body ({ error: { code, message, status } }). Undefined for a
 * network failure (its code is a string such as ECONNREFUSED).
 */
function refusalOf(error: unknown): Refusal | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { code, status, response } = error as { code?: unknown; status?: unknown; response?: { data?: unknown } };
  const message = error instanceof Error ? error.message : '';
  if (typeof status === 'number' && status >= 400) {
    // With a streamed answer the HTTP client puts Google's error body in its message rather than in response.data.
    const body = googleErrorBody(response?.data) ?? googleErrorBody(message);
    return { status: body?.status ?? HTTP_CODES[status] ?? `HTTP ${status}`, message: body?.message ?? '' };
  }
  if (typeof code === 'number') return { status: RPC_CODES[code] ?? `code ${code}`, message };
  return undefined;
}

function googleErrorBody(data: unknown): { status?: string; message?: string } | undefined {
  let body = data;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      return undefined;
    }
  }
  const inner = (body as { error?: { status?: unknown; message?: unknown } } | null)?.error;
  if (!inner) return undefined;
  return {
    status: typeof inner.status === 'string' ? inner.status : undefined,
    message: typeof inner.message === 'string' ? inner.message : undefined,
  };
}

/**
 * Dialogflow refused or failed a call. `refused` says the settings are at fault (credentials, project, language)
 * rather than the network; the message is in plain words and never holds the key.
 */
export class DialogflowUpstreamError extends Error {
  constructor(
    message: string,
    readonly refused = false,
  ) {
    super(message);
    this.name = 'DialogflowUpstreamError';
  }
}

/**
 * Dialogflow ES detect intent through `@google-cloud/dialogflow`, on its REST transport (HTTP/1.1 JSON) so that
 * any address can stand for the API. The client signs each call with the service account's key (a self-signed JWT).
 */
export class DialogflowSessions {
  private readonly endpoint: { apiEndpoint: string; port: number; protocol: 'http' | 'https' };

  /** `apiUrl`: the API's origin (config DIALOGFLOW_API_URL). */
  constructor(private readonly apiUrl: string) {
    const url = new URL(apiUrl);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    this.endpoint = { apiEndpoint: url.hostname, protocol, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443 };
  }

  /** Sends the contact's query to the agent's session and answers Dialogflow's response. */
  async detectIntent(
    settings: DialogflowSettings,
    sessionId: string,
    query: DialogflowQuery,
    signal: AbortSignal,
  ): Promise<DetectIntentResponse> {
    signal.throwIfAborted();
    const client = new SessionsClient({
      ...this.endpoint,
      fallback: 'rest',
      projectId: settings.projectId,
      credentials: { client_email: settings.serviceAccount.clientEmail, private_key: settings.serviceAccount.privateKey },
    });
    const languageCode = settings.language;
    const request: protos.google.cloud.dialogflow.v2.IDetectIntentRequest = {
      session: client.projectAgentSessionPath(settings.projectId, sessionId),
      ...('text' in query
        ? { queryInput: { text: { text: [...query.text].slice(0, MAX_QUERY_LENGTH).join(''), languageCode } } }
        : 'event' in query
          ? { queryInput: { event: { name: query.event, languageCode } } }
          : {
              queryInput: {
                audioConfig: { audioEncoding: 'AUDIO_ENCODING_OGG_OPUS', sampleRateHertz: query.audio.sampleRateHertz, languageCode },
              },
              inputAudio: query.audio.data,
            }),
    };
    try {
      const [response] = await untilAborted(client.detectIntent(request, { timeout: DETECT_INTENT_TIMEOUT_MS }), signal);
      return response;
    } catch (error) {
      throw this.failure(error, settings, signal);
    } finally {
      void client.close().catch(() => undefined);
    }
  }

  /** Translates what the client threw into a DialogflowUpstreamError in plain words. */
  private failure(error: unknown, settings: DialogflowSettings, signal: AbortSignal): Error {
    if (signal.aborted) return new DialogflowUpstreamError('The Dialogflow call was stopped: Switchboard gave up waiting');
    const refusal = refusalOf(error);
    if (!refusal) return new DialogflowUpstreamError(`Dialogflow could not be reached at ${this.apiUrl}`);
    const detail = upstreamDetail(refusal.message);
    const { projectId, serviceAccount, language } = settings;
    switch (refusal.status) {
      case 'UNAUTHENTICATED':
        return new DialogflowUpstreamError(
          `Google refused the key of the service account ${serviceAccount.clientEmail}: it may be revoked or deleted; create a new key`,
          true,
        );
      case 'PERMISSION_DENIED':
        return new DialogflowUpstreamError(
          `The service account ${serviceAccount.clientEmail} may not use Dialogflow in project ${projectId}: ` +
            'enable the Dialogflow API there and give the account the Dialogflow API Client role',
          true,
        );
      case 'NOT_FOUND':
        return new DialogflowUpstreamError(`Project ${projectId} has no Dialogflow ES agent${detail}`, true);
      case 'INVALID_ARGUMENT':
      case 'FAILED_PRECONDITION':
        return new DialogflowUpstreamError(`The agent of project ${projectId} refused the query in ${language}${detail}`, true);
      case 'RESOURCE_EXHAUSTED':
        return new DialogflowUpstreamError(`Project ${projectId} used up its Dialogflow quota: try again later or raise it`, true);
      case 'CANCELLED':
      case 'DEADLINE_EXCEEDED':
        return new DialogflowUpstreamError('Dialogflow did not answer in time');
      case 'UNAVAILABLE':
        return new DialogflowUpstreamError('Dialogflow is unavailable: try again later');
      default:
        return new DialogflowUpstreamError(`Dialogflow failed (${refusal.status})${detail}`);
    }
  }
}

/** Google's own words, short, for the refusals where they name what is wrong (a language, an agent). */
function upstreamDetail(message: string): string {
  // The transport prefixes the status ("3 INVALID_ARGUMENT: ..."); keep what follows.
  const words = message.replace(/^\d+\s+[A-Z_]+:\s*/, '').trim();
  return words ? `: ${words.slice(0, 200)}` : '';
}

/**
 * The client's promise offers no way to cancel the request: when core gives up, the call's answer is dropped and
 * the caller gets an error at once.
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}
