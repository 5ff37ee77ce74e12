import type { IntegrationReply, IntegrationResult } from '@switchboard/sdk';

/**
 * The answer body a receiver may give to a message.received event (documented in the READMEs):
 * `{ replies: [{ body?, mediaUrl?, fileName?, mimeType? }], handOff?, transfer?: { queueId?, userId? }, close? }`.
 */
export interface EventAnswer {
  replies?: { body?: string; mediaUrl?: string; fileName?: string; mimeType?: string }[];
  handOff?: boolean;
  transfer?: { queueId?: number; userId?: number };
  close?: boolean;
}

/** The receiver answered 2xx with a body that is not the documented shape: it says which field is wrong. */
export class EventAnswerError extends Error {
  constructor(detail: string) {
    super(`The answer does not follow the documented shape: ${detail}`);
    this.name = 'EventAnswerError';
  }
}

/**
 * What a 2xx answer asks of the conversation. An empty or non-JSON body, or JSON without any of the documented fields
 * (n8n's "Workflow was started"), is "no reply now": replies may still come through the external API. A JSON array
 * (n8n's "All Incoming Items") is read as its first item.
 */
export function readEventAnswer(text: string, contentType: string | null): Omit<IntegrationResult, 'state'> {
  const trimmed = text.trim();
  const looksJson = /json/i.test(contentType ?? '') || trimmed.startsWith('{') || trimmed.startsWith('[');
  if (!trimmed || !looksJson) return { replies: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return { replies: [] };
  }
  const answer = Array.isArray(parsed) ? parsed[0] : parsed;
  if (!isObject(answer)) return { replies: [] };
  return answerOf(answer);
}

/**
 * An answer POSTed later to the conversation's reply address (IntegrationContribution.readLaterAnswer): the same
 * shape, but it must ask for something, since nothing else is being answered.
 */
export function readLaterEventAnswer(body: unknown): Omit<IntegrationResult, 'state'> {
  const answer = Array.isArray(body) ? body[0] : body;
  if (!isObject(answer)) throw new EventAnswerError('the answer must be a JSON object');
  const result = answerOf(answer);
  if (result.replies.length === 0 && !result.handOff && !result.close && !result.transfer) {
    throw new EventAnswerError('it holds no replies, handOff, transfer or close');
  }
  return result;
}

function answerOf(answer: Record<string, unknown>): Omit<IntegrationResult, 'state'> {
  return {
    replies: replies(answer.replies),
    ...(flag(answer.handOff, 'handOff') ? { handOff: true } : {}),
    ...(flag(answer.close, 'close') ? { close: true } : {}),
    ...transfer(answer.transfer),
  };
}

function replies(value: unknown): IntegrationReply[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new EventAnswerError('replies must be a list');
  return value.map((item: unknown, index) => {
    const where = `replies[${index}]`;
    if (!isObject(item)) throw new EventAnswerError(`${where} must be an object`);
    const body = optionalText(item.body, `${where}.body`);
    const mediaUrl = optionalText(item.mediaUrl, `${where}.mediaUrl`);
    if (!body?.trim() && !mediaUrl) throw new EventAnswerError(`${where} has neither a body nor a mediaUrl`);
    if (!mediaUrl) return { body };
    if (!/^https?:\/\//i.test(mediaUrl)) throw new EventAnswerError(`${where}.mediaUrl must be an http(s) address`);
    const fileName = optionalText(item.fileName, `${where}.fileName`);
    const mimeType = optionalText(item.mimeType, `${where}.mimeType`);
    return {
      ...(body ? { body } : {}),
      media: { url: mediaUrl, ...(fileName ? { fileName } : {}), ...(mimeType ? { mimeType } : {}) },
    };
  });
}

function transfer(value: unknown): Pick<IntegrationResult, 'transfer'> {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw new EventAnswerError('transfer must be an object with queueId or userId');
  const queueId = id(value.queueId, 'transfer.queueId');
  const userId = id(value.userId, 'transfer.userId');
  if (queueId === undefined && userId === undefined) throw new EventAnswerError('transfer needs a queueId or a userId');
  return { transfer: { ...(queueId !== undefined ? { queueId } : {}), ...(userId !== undefined ? { userId } : {}) } };
}

/** A record id; workflow tools often produce numbers as text, so "12" is taken too. */
function id(value: unknown, field: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number <= 0) {
    throw new EventAnswerError(`${field} must be a positive whole number`);
  }
  return number;
}

function flag(value: unknown, field: string): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (value === true) return true;
  throw new EventAnswerError(`${field} must be true or false`);
}

function optionalText(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new EventAnswerError(`${field} must be text`);
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
