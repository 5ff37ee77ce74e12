/** A refusal of the widget's HTTP API, in the API's `{ error, message?, fields? }` shape; status 0 when the network failed. */
export class WidgetApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly fields: Record<string, string> = {},
    /** The server's own words about the refusal, when it gave some. */
    readonly serverMessage?: string,
    /** How long the server asked to wait before trying again (its Retry-After), in milliseconds. */
    readonly retryAfterMs?: number,
  ) {
    super(code);
  }
}

/** A visitor's message as the server accepted it. */
export interface SentMessage {
  id: string;
  seq: number;
  createdAt: string;
}

/** A visitor's message on its way: `clientId` names it in every attempt, so the server stores it once. */
export interface OutgoingMessage {
  clientId: string;
  body: string;
  file?: File;
}

/** Retry-After as seconds or an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The widget's HTTP API under `/widget/<public id>`, with the visitor's token once there is one. */
export class WidgetApi {
  visitorToken: string | undefined;

  constructor(private readonly base: string) {}

  async call<T>(method: 'GET' | 'POST', path: string, body?: object | FormData): Promise<T> {
    const headers: Record<string, string> = {};
    if (this.visitorToken) headers.Authorization = `Bearer ${this.visitorToken}`;
    const form = body instanceof FormData;
    if (body && !form) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(this.base + path, { method, headers, body: form ? body : body ? JSON.stringify(body) : undefined });
    } catch {
      throw new WidgetApiError(0, 'ERR_NETWORK');
    }
    const data = (await response.json().catch(() => ({}))) as { error?: string; message?: string; fields?: Record<string, string> };
    if (!response.ok) {
      throw new WidgetApiError(
        response.status,
        data.error ?? 'ERR_INTERNAL',
        data.fields,
        data.message,
        retryAfterMs(response.headers.get('Retry-After')),
      );
    }
    return data as T;
  }

  /** Sends a visitor's message (its file as multipart); every attempt of one message carries the same client id. */
  sendMessage(message: OutgoingMessage): Promise<SentMessage> {
    if (!message.file) return this.call<SentMessage>('POST', '/messages', { body: message.body, clientId: message.clientId });
    const form = new FormData();
    form.append('clientId', message.clientId);
    if (message.body.trim()) form.append('body', message.body);
    form.append('media', message.file, message.file.name);
    return this.call<SentMessage>('POST', '/messages', form);
  }

  /** A file of the conversation as a blob URL (media need the visitor's token, so they cannot be plain links). */
  async mediaUrl(path: string): Promise<string> {
    const response = await fetch(path, { headers: { Authorization: `Bearer ${this.visitorToken ?? ''}` } });
    if (!response.ok) throw new WidgetApiError(response.status, 'ERR_NOT_FOUND');
    return URL.createObjectURL(await response.blob());
  }
}
