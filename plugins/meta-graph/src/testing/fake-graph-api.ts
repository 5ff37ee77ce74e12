// Meta's Graph API faked for the facebook and instagram plugins' tests, core's channel tests and the web's Facebook-login
// browser test: node:http on port 0,
// recording what it is sent and answering like Graph. No decorators here, so any test runner can load it.
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OutboundSeen, PresenceSeen } from '@switchboard/sdk/testing';

export const PAGE_ID = '1000000000001';
export const PAGE_TOKEN = 'EAAB-page-token';
export const APP_SECRET = 'app-secret-123';
export const VERIFY_TOKEN = 'verify-me-please';
/** The Facebook login of the fake Graph API: a user, their short- and long-lived tokens, their page. */
export const LOGIN = {
  userId: '900000000000042',
  shortToken: 'EAAB-user-short',
  longToken: 'EAAB-user-long',
  instagramAccountId: '17841400000000001',
};
export const FB_APP_ID = '4242424242';

/** One request the fake Graph API received. */
export interface GraphRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization?: string;
  json?: any;
  form?: { fields: Record<string, string>; file?: { name: string; type: string; data: Buffer } };
}

/**
 * A fake Graph API: GET /me, POST /me/messages (JSON or multipart), the User Profile API (GET /{person id}), the
 * Facebook login's calls, and a CDN for inbound attachments. The token comes in the Authorization header (our own
 * client) or as access_token in the query (messaging-api-messenger).
 */
export class FakeGraphApi {
  readonly requests: GraphRequest[] = [];
  readonly seen: OutboundSeen[] = [];
  readonly typing: PresenceSeen[] = [];
  validTokens = new Set([PAGE_TOKEN, LOGIN.shortToken, LOGIN.longToken]);
  /** Pages subscribed to the app through POST /{page}/subscribed_apps. */
  readonly subscribedPages: { pageId: string; fields: string }[] = [];
  /** The people whose profile the page may read (others are refused, as Graph does without permission). */
  readonly profiles = new Map<string, { name?: string; username?: string; profile_pic?: string }>();
  private readonly media = new Map<string, { data: Buffer; mimeType: string }>();
  private counter = 0;
  private server?: HttpServer;
  origin = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Serves bytes as Meta's CDN would; returns the URL. */
  hostMedia(data: Buffer, fileName: string, mimeType: string): string {
    const id = `asset${++this.counter}`;
    this.media.set(id, { data, mimeType });
    return `${this.origin}/cdn/${id}/${encodeURIComponent(fileName)}?oh=signature`;
  }

  messageRequests(): GraphRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/me/messages'));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', this.origin);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname.startsWith('/cdn/')) {
      const asset = this.media.get(url.pathname.split('/')[2] ?? '');
      if (!asset) return send(404, { error: 'no asset' });
      res.writeHead(200, { 'Content-Type': asset.mimeType, 'Content-Length': asset.data.length });
      return void res.end(asset.data);
    }
    const request: GraphRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      authorization: req.headers.authorization,
    };
    const contentType = req.headers['content-type'] ?? '';
    // A GET through axios carries the JSON content type and no body.
    if (contentType.startsWith('application/json') && raw.length > 0) request.json = JSON.parse(raw.toString('utf8'));
    if (contentType.startsWith('multipart/form-data')) {
      const form = await new Request('http://graph.test/', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: raw,
      }).formData();
      const fields: Record<string, string> = {};
      let file: { name: string; type: string; data: Buffer } | undefined;
      for (const [key, value] of form.entries()) {
        if (typeof value === 'string') fields[key] = value;
        else file = { name: value.name, type: value.type, data: Buffer.from(await value.arrayBuffer()) };
      }
      request.form = { fields, file };
    }
    this.requests.push(request);

    const token = req.headers.authorization?.replace(/^Bearer /, '') ?? url.searchParams.get('access_token') ?? '';
    if (!this.validTokens.has(token)) {
      return send(401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
    }
    if (req.method === 'GET' && /^\/v\d+\.\d+\/me$/.test(url.pathname)) return send(200, { id: PAGE_ID, name: 'Fake Page' });
    if (req.method === 'GET' && /^\/v\d+\.\d+\/oauth\/access_token$/.test(url.pathname)) {
      const fine =
        url.searchParams.get('grant_type') === 'fb_exchange_token' &&
        url.searchParams.get('client_id') === FB_APP_ID &&
        url.searchParams.get('client_secret') === APP_SECRET &&
        url.searchParams.get('fb_exchange_token') === LOGIN.shortToken;
      if (!fine) return send(400, { error: { message: 'Invalid exchange', type: 'OAuthException', code: 190 } });
      return send(200, { access_token: LOGIN.longToken, token_type: 'bearer' });
    }
    if (req.method === 'GET' && url.pathname.endsWith(`/${LOGIN.userId}/accounts`)) {
      if (token !== LOGIN.longToken) return send(400, { error: { message: 'Use the long-lived token', code: 190 } });
      return send(200, {
        data: [
          {
            id: PAGE_ID,
            name: 'Loja Exemplo',
            access_token: PAGE_TOKEN,
            instagram_business_account: { id: LOGIN.instagramAccountId, username: 'loja.exemplo' },
          },
        ],
      });
    }
    const person = /^\/v\d+\.\d+\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && person) {
      const profile = this.profiles.get(person[1]!);
      if (!profile) return send(400, { error: { message: 'Unsupported get request.', type: 'GraphMethodException', code: 100 } });
      const fields = (url.searchParams.get('fields') ?? 'id,name').split(',');
      const answer: Record<string, unknown> = { id: person[1] };
      for (const [key, value] of Object.entries(profile)) if (fields.includes(key)) answer[key] = value;
      return send(200, answer);
    }
    const subscribe = /^\/v\d+\.\d+\/(\d+)\/subscribed_apps$/.exec(url.pathname);
    if (req.method === 'POST' && subscribe) {
      if (token !== PAGE_TOKEN) return send(400, { error: { message: 'Needs the page token', code: 190 } });
      this.subscribedPages.push({ pageId: subscribe[1]!, fields: url.searchParams.get('subscribed_fields') ?? '' });
      return send(200, { success: true });
    }
    if (req.method === 'POST' && /^\/v\d+\.\d+\/me\/messages$/.test(url.pathname)) {
      const recipient = request.json?.recipient ?? (request.form ? JSON.parse(request.form.fields.recipient ?? '{}') : {});
      const to = String(recipient.id ?? '');
      if (!to) return send(400, { error: { message: 'recipient required', code: 100 } });
      const action = request.json?.sender_action as string | undefined;
      if (action) {
        if (action === 'typing_on' || action === 'typing_off') {
          this.typing.push({ to, presence: action === 'typing_on' ? 'composing' : 'paused' });
        }
        return send(200, { recipient_id: to });
      }
      const messageId = `m_out_${++this.counter}`;
      if (request.form?.file) {
        this.seen.push({ externalId: messageId, to, media: { fileName: request.form.file.name, mimeType: request.form.file.type } });
      } else {
        this.seen.push({ externalId: messageId, to, body: request.json?.message?.text });
      }
      return send(200, { recipient_id: to, message_id: messageId });
    }
    send(404, { error: { message: `unknown path ${url.pathname}`, code: 803 } });
  }
}
