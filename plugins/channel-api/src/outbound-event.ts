import type { ConnectionInfo, ContactRef, MediaType } from '@switchboard/sdk';
import type { ApiSettings } from './api-settings.js';
import { EVENT_HEADER, SIGNATURE_HEADER, signPayload, TIMESTAMP_HEADER } from './payload-signature.js';

export type OutboundEventName = 'message.created' | 'message.updated' | 'message.deleted' | 'message.reaction';

/** A file sent to the contact: the stored bytes, base64 (the sdk hands sessions a stored file, not a public URL). */
export interface OutboundEventMedia {
  base64: string;
  fileName: string;
  mimeType: string;
  mediaType: MediaType;
  asVoiceNote?: boolean;
}

/** What the connection's webhook receives, JSON, signed (README: "Outbound"). */
export interface OutboundEvent {
  event: OutboundEventName;
  connection: { id: number; name: string };
  contact: { number: string; name?: string };
  message: {
    /** The id this channel gave the message: statuses and quotes name it. */
    id: string;
    body?: string;
    media?: OutboundEventMedia;
    quotedId?: string;
    vCard?: string;
    /** message.reaction: the message reacted to; an empty emoji takes the reaction away. */
    targetId?: string;
    emoji?: string;
  };
  /** ISO 8601; inside the signed body, so a receiver can refuse old deliveries. */
  timestamp: string;
}

/** Raised when the webhook does not take a delivery: core marks the message failed after its retries. */
export class WebhookDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookDeliveryError';
  }
}

const DELIVERY_TIMEOUT_MS = 20_000;

export function outboundEvent(
  event: OutboundEventName,
  connection: ConnectionInfo,
  to: ContactRef,
  message: OutboundEvent['message'],
  now = new Date(),
): OutboundEvent {
  return {
    event,
    connection: { id: connection.id, name: connection.name },
    contact: { number: to.address, ...(to.name ? { name: to.name } : {}) },
    message,
    timestamp: now.toISOString(),
  };
}

/** POSTs the event to the webhook, signed; a network error, a timeout or a non-2xx answer throws WebhookDeliveryError. */
export async function deliverEvent(settings: ApiSettings, payload: OutboundEvent): Promise<void> {
  const body = JSON.stringify(payload);
  const origin = new URL(settings.webhookUrl).origin;
  let response: Response;
  try {
    response = await fetch(settings.webhookUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'Switchboard-API-Channel/1',
        [SIGNATURE_HEADER]: signPayload(body, settings.webhookSecret),
        [TIMESTAMP_HEADER]: String(Math.floor(Date.parse(payload.timestamp) / 1000)),
        [EVENT_HEADER]: payload.event,
      },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer in ${DELIVERY_TIMEOUT_MS / 1000} s` : 'unreachable';
    throw new WebhookDeliveryError(`API channel: the webhook at ${origin} is ${reason} (${payload.event} ${payload.message.id})`);
  }
  // The answer's body is the integrator's business; read it only to free the connection.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) {
    throw new WebhookDeliveryError(
      `API channel: the webhook at ${origin} answered ${response.status} to ${payload.event} ${payload.message.id}`,
    );
  }
}
