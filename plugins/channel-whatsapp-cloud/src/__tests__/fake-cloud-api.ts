// A local WhatsApp Cloud API, written from Meta's public documentation: the business number, messages (text, media by
// id, reactions, templates, read marks), media upload and download with the bearer token, and the account's templates.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ContactRef, ContainerModule } from '@switchboard/sdk';
import type { OutboundSeen } from '@switchboard/sdk/testing';

export const PHONE_NUMBER_ID = '106540352242922';
export const BUSINESS_ACCOUNT_ID = '102290129340398';
export const ACCESS_TOKEN = 'EAAcloud-permanent-token';
export const DISPLAY_NUMBER = '+55 11 3000-4000';

interface StoredMedia {
  data: Buffer;
  fileName: string;
  mimeType: string;
}

/** A request the fake answered, for tests to look at. */
export interface CloudRequest {
  method: string;
  path: string;
  authorization?: string;
  json?: Record<string, any>;
}

/** A webhook body of one `messages` change for the number, as Meta posts it. */
export function cloudDelivery(value: Record<string, unknown>, phoneNumberId = PHONE_NUMBER_ID): Record<string, unknown> {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: BUSINESS_ACCOUNT_ID,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '551130004000', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

let counter = 0;
/** A contact's message of `type` with its content, from `from`. */
export function contactMessage(from: ContactRef, type: string, content: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    contacts: [{ profile: { name: from.name ?? from.address }, wa_id: from.address }],
    messages: [
      {
        from: from.address,
        id: `wamid.in${++counter}x${Date.now()}`,
        timestamp: String(Math.floor(Date.now() / 1000)),
        type,
        [type]: content,
        ...extra,
      },
    ],
  };
}

/** A whatsappapi connection's settings for this fake's number; `appSecret` signs its webhooks. */
export function cloudSettings(appSecret: string): Record<string, string> {
  return {
    phoneNumberId: PHONE_NUMBER_ID,
    businessAccountId: BUSINESS_ACCOUNT_ID,
    accessToken: ACCESS_TOKEN,
    appSecret,
    verifyToken: 'cloud-verify-token',
  };
}

/**
 * Posts a delivery to a server's /webhooks/whatsappapi as Meta does, its raw body signed by `sign` with `secret`
 * (the plugin's hubSignature), or unsigned when the secret is null.
 */
export function postCloudDelivery(
  baseUrl: string,
  payload: unknown,
  signature: { sign: (body: string, secret: string) => string; secret: string | null },
): Promise<Response> {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (signature.secret !== null) headers['X-Hub-Signature-256'] = signature.sign(body, signature.secret);
  return fetch(`${baseUrl}/webhooks/whatsappapi`, { method: 'POST', headers, body });
}

/** How core's test helpers load a workspace plugin with its options bound (core's workspacePluginWithOptions). */
type PluginLoader = (
  packageName: string,
  modulePath: string,
  optionsExport: 'WhatsappCloudOptions',
  options: unknown,
) => Promise<{ plugin: { hubSignature(body: string, secret: string): string }; options: ContainerModule }>;

/**
 * A started fake and the whatsappapi plugin as core loads it, pointed at the fake and at a clock a test moves: `options`
 * goes in startTestServer's extraModules, `sign` signs deliveries as Meta does.
 */
export async function cloudPluginThroughCore(load: PluginLoader) {
  const graph = new FakeCloudApi();
  await graph.start();
  const clock = { now: Date.now() };
  const loaded = await load('@switchboard/plugin-channel-whatsapp-cloud', 'dist/whatsapp-cloud-backend-module.js', 'WhatsappCloudOptions', {
    graphOrigin: graph.origin,
    now: () => clock.now,
  });
  return { graph, clock, options: loaded.options, sign: (body: string, secret: string) => loaded.plugin.hubSignature(body, secret) };
}

export const APPROVED_TEMPLATE = {
  name: 'retomar_atendimento',
  language: 'pt_BR',
  status: 'APPROVED',
  category: 'UTILITY',
  components: [{ type: 'BODY', text: 'Olá {{1}}, podemos continuar o seu atendimento {{2}}?' }],
};

export class FakeCloudApi {
  readonly requests: CloudRequest[] = [];
  /** What the contacts received, in order (the conformance kit's view). */
  readonly seen: OutboundSeen[] = [];
  /** Each message the business sent, with its wamid. */
  readonly sent: { wamid: string; json: Record<string, any> }[] = [];
  readonly reads: string[] = [];
  readonly templates: Record<string, unknown>[] = [
    APPROVED_TEMPLATE,
    { name: 'promo_rejeitada', language: 'pt_BR', status: 'REJECTED', components: [{ type: 'BODY', text: 'Oferta!' }] },
  ];
  qualityRating = 'GREEN';
  private readonly media = new Map<string, StoredMedia>();
  private server?: Server;
  origin = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      void this.handle(req, res).catch((error: unknown) => this.answer(res, 500, { error: { message: String(error), code: 1 } }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A file a contact sent: Meta keeps it under a media id the webhook names. */
  storeInboundMedia(data: Buffer, mimeType: string, fileName = 'file'): string {
    const id = String(Date.now()) + randomBytes(3).readUIntBE(0, 3);
    this.media.set(id, { data, fileName, mimeType });
    return id;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.origin);
    const body = await readBody(req);
    const record: CloudRequest = { method: req.method ?? 'GET', path: url.pathname, authorization: req.headers.authorization };
    this.requests.push(record);
    if (req.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) {
      return this.answer(res, 401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
    }
    const download = /^\/download\/(\w+)$/.exec(url.pathname);
    if (download) {
      const file = this.media.get(download[1]!);
      if (!file) return this.answer(res, 404, { error: { message: 'not found', code: 100 } });
      res.writeHead(200, { 'Content-Type': file.mimeType, 'Content-Length': file.data.length });
      return void res.end(file.data);
    }
    const [version, node, edge] = url.pathname.split('/').filter(Boolean);
    if (version !== 'v21.0') return this.answer(res, 400, { error: { message: 'Unknown version', code: 2635 } });

    if (req.method === 'GET' && node === PHONE_NUMBER_ID && !edge) {
      return this.answer(res, 200, {
        id: PHONE_NUMBER_ID,
        display_phone_number: DISPLAY_NUMBER,
        verified_name: 'Loja Exemplo',
        quality_rating: this.qualityRating,
      });
    }
    if (req.method === 'GET' && node === BUSINESS_ACCOUNT_ID && edge === 'message_templates') {
      return this.answer(res, 200, { data: this.templates, paging: { cursors: { before: 'a', after: 'b' } } });
    }
    if (req.method === 'POST' && node === PHONE_NUMBER_ID && edge === 'media') {
      const form = await new Request('http://fake/', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type']! },
        body: new Uint8Array(body),
      }).formData();
      const file = form.get('file');
      if (form.get('messaging_product') !== 'whatsapp' || !(file instanceof File)) {
        return this.answer(res, 400, { error: { message: 'messaging_product and file are required', code: 100 } });
      }
      const id = this.storeInboundMedia(Buffer.from(await file.arrayBuffer()), String(form.get('type') ?? file.type), file.name);
      return this.answer(res, 200, { id });
    }
    if (req.method === 'POST' && node === PHONE_NUMBER_ID && edge === 'messages') {
      const json = JSON.parse(body.toString('utf8')) as Record<string, any>;
      record.json = json;
      return this.message(json, res);
    }
    if (req.method === 'GET' && node && !edge && this.media.has(node)) {
      const file = this.media.get(node)!;
      return this.answer(res, 200, {
        messaging_product: 'whatsapp',
        url: `${this.origin}/download/${node}`,
        mime_type: file.mimeType,
        sha256: 'fake',
        file_size: String(file.data.length),
        id: node,
      });
    }
    this.answer(res, 400, { error: { message: `Unsupported ${req.method} ${url.pathname}`, code: 100 } });
  }

  private message(json: Record<string, any>, res: ServerResponse): void {
    if (json.messaging_product !== 'whatsapp')
      return this.answer(res, 400, { error: { message: 'messaging_product is required', code: 100 } });
    if (json.status === 'read') {
      this.reads.push(String(json.message_id));
      return this.answer(res, 200, { success: true });
    }
    const wamid = `wamid.${randomBytes(12).toString('hex')}`;
    const type = String(json.type);
    const content = json[type] as Record<string, any> | undefined;
    if (!content) return this.answer(res, 400, { error: { message: `${type} object is required`, code: 100 } });
    if (['image', 'audio', 'video', 'document', 'sticker'].includes(type)) {
      const file = this.media.get(String(content.id));
      if (!file) return this.answer(res, 400, { error: { message: 'Invalid media id', code: 131053 } });
      this.seen.push({
        externalId: wamid,
        to: json.to,
        ...(content.caption ? { body: content.caption } : {}),
        media: { fileName: file.fileName, mimeType: file.mimeType },
      });
    } else if (type === 'text') {
      this.seen.push({ externalId: wamid, to: json.to, body: content.body });
    } else {
      this.seen.push({ externalId: wamid, to: json.to });
    }
    this.sent.push({ wamid, json });
    this.answer(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: json.to, wa_id: json.to }], messages: [{ id: wamid }] });
  }

  private answer(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
