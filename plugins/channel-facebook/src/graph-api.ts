import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';

/** The Graph API version the plugin speaks. */
export const GRAPH_VERSION = 'v19.0';
export const DEFAULT_GRAPH_ORIGIN = 'https://graph.facebook.com';

/** Where the Graph API lives: SWITCHBOARD_GRAPH_ORIGIN (a fake server in tests), else graph.facebook.com. Read per call. */
export function graphOrigin(): string {
  const fromEnv = process.env.SWITCHBOARD_GRAPH_ORIGIN?.trim();
  return (fromEnv || DEFAULT_GRAPH_ORIGIN).replace(/\/+$/, '');
}

/** An error answered by the Graph API, with its HTTP status and Graph's own error code. */
export class GraphApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'GraphApiError';
  }
}

/** A page the signed-in user manages, as GET /{userId}/accounts answers it. */
export interface GraphPage {
  id: string;
  name: string;
  access_token: string;
  instagram_business_account?: { id: string; username?: string; name?: string };
}

export interface GraphRecipient {
  id: string;
}

export interface GraphSendResult {
  recipient_id?: string;
  message_id?: string;
}

export interface GraphAttachmentFile {
  path: string;
  fileName: string;
  mimeType: string;
  /** Send API attachment type. */
  type: 'image' | 'video' | 'audio' | 'file';
}

/**
 * A small Graph API client on fetch: the Send API (text, attachment upload, sender actions) and GET /me. The token
 * goes in the Authorization header; with an app secret, every call carries appsecret_proof.
 */
export class GraphClient {
  constructor(
    private readonly accessToken: string,
    private readonly appSecret?: string,
    private readonly origin: string = graphOrigin(),
    private readonly version: string = GRAPH_VERSION,
  ) {}

  /** GET /me: the page (or account) the token belongs to. */
  async me(): Promise<{ id: string; name?: string }> {
    return (await this.request('GET', 'me', { fields: 'id,name' })) as { id: string; name?: string };
  }

  /** GET /{userId}/accounts: the pages the user manages, each with its page token and linked Instagram account. */
  async pagesOf(userId: string): Promise<GraphPage[]> {
    const answer = (await this.request('GET', `${encodeURIComponent(userId)}/accounts`, {
      fields: 'id,name,access_token,instagram_business_account{id,username,name}',
      limit: '100',
    })) as { data?: GraphPage[] };
    return answer.data ?? [];
  }

  /** GET /oauth/access_token: trades this short-lived user token for a long-lived one. */
  async longLivedUserToken(appId: string, appSecret: string): Promise<string> {
    const answer = (await this.request('GET', 'oauth/access_token', {
      grant_type: 'fb_exchange_token',
      client_id: appId,
      client_secret: appSecret,
      fb_exchange_token: this.accessToken,
    })) as { access_token?: string };
    if (!answer.access_token) throw new GraphApiError('Graph API did not answer a long-lived token', 502);
    return answer.access_token;
  }

  /** POST /{pageId}/subscribed_apps: the page's messaging events go to the app's webhook. */
  async subscribePage(pageId: string, fields: string[]): Promise<void> {
    await this.request('POST', `${encodeURIComponent(pageId)}/subscribed_apps`, { subscribed_fields: fields.join(',') });
  }

  /** POST /me/messages with a JSON message (text, attachment by URL). */
  async sendMessage(recipient: GraphRecipient, message: Record<string, unknown>): Promise<GraphSendResult> {
    return (await this.request('POST', 'me/messages', undefined, {
      recipient,
      messaging_type: 'RESPONSE',
      message,
    })) as GraphSendResult;
  }

  /** POST /me/messages as multipart: uploads the file as `filedata`. */
  async sendFile(recipient: GraphRecipient, file: GraphAttachmentFile): Promise<GraphSendResult> {
    const data = await readFile(file.path);
    const form = new FormData();
    form.append('recipient', JSON.stringify(recipient));
    form.append('messaging_type', 'RESPONSE');
    form.append('message', JSON.stringify({ attachment: { type: file.type, payload: { is_reusable: false } } }));
    form.append('filedata', new Blob([new Uint8Array(data)], { type: file.mimeType }), file.fileName);
    return (await this.request('POST', 'me/messages', undefined, form)) as GraphSendResult;
  }

  /** POST /me/messages with a sender action (react, unreact, mark_seen, typing_on...). */
  async senderAction(recipient: GraphRecipient, action: string, payload?: Record<string, unknown>): Promise<GraphSendResult> {
    return (await this.request('POST', 'me/messages', undefined, {
      recipient,
      sender_action: action,
      ...(payload ? { payload } : {}),
    })) as GraphSendResult;
  }

  private async request(
    method: 'GET' | 'POST',
    path: string,
    query?: Record<string, string>,
    body?: Record<string, unknown> | FormData,
  ): Promise<unknown> {
    const url = new URL(`${this.origin}/${this.version}/${path}`);
    for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
    if (this.appSecret)
      url.searchParams.set('appsecret_proof', createHmac('sha256', this.appSecret).update(this.accessToken).digest('hex'));
    const headers: Record<string, string> = { Authorization: `Bearer ${this.accessToken}` };
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(url, { method, headers, body: payload, signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const error = (json as { error?: { message?: string; code?: number } } | undefined)?.error;
      throw new GraphApiError(
        `Graph API ${method} /${path}: ${res.status} ${error?.message ?? text.slice(0, 200)}`,
        res.status,
        error?.code,
      );
    }
    if (json === undefined) throw new GraphApiError(`Graph API ${method} /${path}: answer is not JSON`, res.status);
    return json;
  }
}
