import { createHmac } from 'node:crypto';
import { loadMetaConfig } from '@switchboard/config';

/** The Graph API version the Meta channels speak. */
export const GRAPH_VERSION = 'v19.0';

/** Where the Graph API lives (config SWITCHBOARD_GRAPH_ORIGIN: a fake server in tests). Read per call. */
export function graphOrigin(): string {
  return loadMetaConfig().graphOrigin;
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

/**
 * The Graph API calls of the Facebook login, which messaging-api-messenger does not make (token exchange, the user's
 * pages, page subscription); the Send API and profiles go through it (messenger-client.ts). The token goes in the
 * Authorization header; with an app secret, every call carries appsecret_proof.
 */
export class GraphClient {
  constructor(
    private readonly accessToken: string,
    private readonly appSecret?: string,
    private readonly origin: string = graphOrigin(),
    private readonly version: string = GRAPH_VERSION,
  ) {}

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

  private async request(
    method: 'GET' | 'POST',
    path: string,
    query?: Record<string, string>,
    body?: Record<string, unknown>,
  ): Promise<unknown> {
    const url = new URL(`${this.origin}/${this.version}/${path}`);
    for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
    if (this.appSecret)
      url.searchParams.set('appsecret_proof', createHmac('sha256', this.appSecret).update(this.accessToken).digest('hex'));
    const headers: Record<string, string> = { Authorization: `Bearer ${this.accessToken}` };
    let payload: string | undefined;
    if (body) {
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
