import type { Message } from './messages.api';

/**
 * Whether a channel's reply window (its plugin's `replyWindowHours`) has closed on this conversation: the contact has
 * not written within that many hours, so the channel lets only an approved template through.
 */
export function replyWindowClosed(messages: Message[], hours: number | undefined, now = Date.now()): boolean {
  if (!hours) return false;
  const lastWritten = messages.filter((message) => !message.fromMe && message.mediaType !== 'reactionMessage').at(-1);
  return !lastWritten || now - new Date(lastWritten.createdAt).getTime() >= hours * 3_600_000;
}

/** A template's text with its `{{1}}`, `{{2}}`... replaced by the values in order (an empty one stays as it is). */
export function fillTemplate(body: string, variables: string[]): string {
  return body.replace(/\{\{(\d+)\}\}/g, (placeholder, index: string) => variables[Number(index) - 1]?.trim() || placeholder);
}
