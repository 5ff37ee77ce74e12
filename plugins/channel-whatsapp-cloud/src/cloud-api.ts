import { readFile } from 'node:fs/promises';
import type { MessageTemplate } from '@switchboard/sdk';

/** The Graph API version this plugin speaks. */
export const GRAPH_VERSION = 'v21.0';
export const GRAPH_ORIGIN = 'https://graph.facebook.com';

/** An error answered by the Graph API: its HTTP status and Graph's error code (e.g. 131047, re-engagement needed). */
export class CloudApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'CloudApiError';
  }
}

/** The business phone number, as GET /{phone-number-id} answers it. */
export interface BusinessNumber {
  id: string;
  display_phone_number?: string;
  verified_name?: string;
  quality_rating?: string;
}

/** A media object's temporary download address (valid a few minutes), as GET /{media-id} answers it. */
interface MediaLocation {
  url?: string;
  mime_type?: string;
}

interface GraphTemplate {
  name?: string;
  language?: string;
  status?: string;
  components?: { type?: string; text?: string }[];
}

/**
 * The Cloud API calls of one business phone number: the number itself, messages, media upload and download, and the
 * business account's templates. The permanent token goes in the Authorization header, never in a URL.
 */
export class CloudApiClient {
  constructor(private readonly options: { origin: string; accessToken: string; phoneNumberId: string; businessAccountId: string }) {}

  /** GET /{phone-number-id}: the number the token may speak for. */
  businessNumber(): Promise<BusinessNumber> {
    return this.json(
      'GET',
      `${this.options.phoneNumberId}?fields=display_phone_number,verified_name,quality_rating`,
    ) as Promise<BusinessNumber>;
  }

  /** POST /{phone-number-id}/messages; answers the new message's wamid. */
  async sendMessage(to: string, content: Record<string, unknown>): Promise<string> {
    const answer = (await this.json('POST', `${this.options.phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      ...content,
    })) as { messages?: { id?: string }[] };
    const wamid = answer.messages?.[0]?.id;
    if (!wamid) throw new CloudApiError('the Cloud API accepted the message without a message id', 502);
    return wamid;
  }

  /** POST /{phone-number-id}/messages with status read: the contact sees blue ticks up to this message. */
  async markRead(wamid: string): Promise<void> {
    await this.json('POST', `${this.options.phoneNumberId}/messages`, { messaging_product: 'whatsapp', status: 'read', message_id: wamid });
  }

  /** POST /{phone-number-id}/media (multipart): answers the media id a message then names. */
  async uploadMedia(file: { path: string; fileName: string; mimeType: string }): Promise<string> {
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', file.mimeType);
    form.set('file', new Blob([await readFile(file.path)], { type: file.mimeType }), file.fileName);
    const answer = (await this.call('POST', `${this.options.phoneNumberId}/media`, form)) as { id?: string };
    if (!answer.id) throw new CloudApiError('the Cloud API stored the media without an id', 502);
    return answer.id;
  }

  /** GET /{media-id}, then its URL with the token: the bytes of a file a contact sent. */
  async downloadMedia(mediaId: string): Promise<{ data: Buffer; mimeType?: string }> {
    const location = (await this.json('GET', mediaId)) as MediaLocation;
    if (!location.url) throw new CloudApiError(`media ${mediaId} has no download URL`, 502);
    const res = await fetch(location.url, { headers: this.authorization(), signal: AbortSignal.timeout(60_000) });
    if (!res.ok) throw new CloudApiError(`media ${mediaId} download answered ${res.status}`, res.status);
    const mimeType = (res.headers.get('content-type') ?? location.mime_type)?.split(';')[0]?.trim();
    return { data: Buffer.from(await res.arrayBuffer()), ...(mimeType ? { mimeType } : {}) };
  }

  /** GET /{waba-id}/message_templates: the approved ones, their body text and how many variables it has. */
  async approvedTemplates(): Promise<MessageTemplate[]> {
    const answer = (await this.json(
      'GET',
      `${this.options.businessAccountId}/message_templates?fields=name,language,status,components&limit=200`,
    )) as { data?: GraphTemplate[] };
    return (answer.data ?? [])
      .filter((template) => template.status === 'APPROVED' && template.name && template.language)
      .map((template) => {
        const body = template.components?.find((component) => component.type === 'BODY')?.text ?? '';
        const numbers = [...body.matchAll(/\{\{(\d+)\}\}/g)].map((match) => Number(match[1]));
        return { name: template.name!, language: template.language!, body, variables: numbers.length ? Math.max(...numbers) : 0 };
      });
  }

  private authorization(): Record<string, string> {
    return { Authorization: `Bearer ${this.options.accessToken}` };
  }

  private json(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<unknown> {
    return this.call(method, path, body === undefined ? undefined : JSON.stringify(body));
  }

  private async call(method: 'GET' | 'POST', path: string, body?: string | FormData): Promise<unknown> {
    const headers = this.authorization();
    if (typeof body === 'string') headers['Content-Type'] = 'application/json';
    const res = await fetch(`${this.options.origin}/${GRAPH_VERSION}/${path}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let answer: unknown;
    try {
      answer = text ? JSON.parse(text) : {};
    } catch {
      throw new CloudApiError(`Cloud API ${method} /${path.split('?')[0]}: answer is not JSON (${res.status})`, res.status);
    }
    if (!res.ok) {
      const error = (answer as { error?: { message?: string; code?: number } }).error;
      throw new CloudApiError(
        `Cloud API ${method} /${path.split('?')[0]}: ${res.status} ${error?.message ?? ''}`.trim(),
        res.status,
        error?.code,
      );
    }
    return answer;
  }
}
