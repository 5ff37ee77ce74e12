/** A refusal of the widget's HTTP API, in the API's `{ error, message?, fields? }` shape. */
export class WidgetApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(code);
  }
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
    const response = await fetch(this.base + path, { method, headers, body: form ? body : body ? JSON.stringify(body) : undefined });
    const data = (await response.json().catch(() => ({}))) as { error?: string; fields?: Record<string, string> };
    if (!response.ok) throw new WidgetApiError(response.status, data.error ?? 'ERR_INTERNAL', data.fields);
    return data as T;
  }

  /** A file of the conversation as a blob URL (media need the visitor's token, so they cannot be plain links). */
  async mediaUrl(path: string): Promise<string> {
    const response = await fetch(path, { headers: { Authorization: `Bearer ${this.visitorToken ?? ''}` } });
    if (!response.ok) throw new WidgetApiError(response.status, 'ERR_NOT_FOUND');
    return URL.createObjectURL(await response.blob());
  }
}
