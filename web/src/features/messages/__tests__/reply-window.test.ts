import { describe, expect, it } from '@jest/globals';
import type { Message } from '../messages.api';
import { fillTemplate, replyWindowClosed } from '../reply-window';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-03-10T12:00:00Z');
const message = (fields: Partial<Message>): Message =>
  ({
    id: 1,
    ticketId: 1,
    body: 'Olá',
    fromMe: false,
    mediaType: 'chat',
    createdAt: new Date(NOW - HOUR).toISOString(),
    ...fields,
  }) as Message;

describe('replyWindowClosed', () => {
  it('stays open for a day after the contact last wrote, whatever the agent sent since', () => {
    const wrote = message({ createdAt: new Date(NOW - 23 * HOUR).toISOString() });
    const answered = message({ fromMe: true, createdAt: new Date(NOW - HOUR).toISOString() });
    expect(replyWindowClosed([wrote, answered], 24, NOW)).toBe(false);
    expect(replyWindowClosed([wrote, answered], 24, NOW + 2 * HOUR)).toBe(true);
  });

  it('counts neither reactions nor a conversation the contact never wrote in, and ignores channels without a window', () => {
    const reaction = message({ mediaType: 'reactionMessage', createdAt: new Date(NOW).toISOString() });
    expect(replyWindowClosed([message({ createdAt: new Date(NOW - 25 * HOUR).toISOString() }), reaction], 24, NOW)).toBe(true);
    expect(replyWindowClosed([], 24, NOW)).toBe(true);
    expect(replyWindowClosed([], undefined, NOW)).toBe(false);
  });
});

describe('fillTemplate', () => {
  it('puts each value at its number and leaves an unfilled one visible', () => {
    expect(fillTemplate('Olá {{1}}, podemos continuar {{2}}?', ['Maria', 'hoje'])).toBe('Olá Maria, podemos continuar hoje?');
    expect(fillTemplate('Olá {{1}}, até {{2}}', ['Maria', ' '])).toBe('Olá Maria, até {{2}}');
  });
});
