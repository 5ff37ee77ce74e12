import { describe, expect, it } from '@jest/globals';
import { plainText } from '../message-formatting';
import { mergeMessage } from '../message-merge';
import type { Message } from '../messages.api';

const message = (fields: Partial<Message>): Message =>
  ({
    id: 1,
    ticketId: 1,
    body: 'Olá',
    fromMe: true,
    ack: 0,
    quotedMsg: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    updatedAt: '2026-11-24T10:00:00.000Z',
    ...fields,
  }) as Message;

describe('one message known twice', () => {
  it("keeps the delivery the socket told when the send's older answer arrives after it", () => {
    const delivered = message({ ack: 1, updatedAt: '2026-11-24T10:00:00.120Z' });
    expect(mergeMessage(delivered, message({ ack: 0 }))).toMatchObject({ ack: 1, updatedAt: '2026-11-24T10:00:00.120Z' });
  });

  it('takes a later state and never lowers the mark', () => {
    const read = message({ ack: 3 });
    const edited = message({ body: 'Olá!', isEdited: true, ack: 1, updatedAt: '2026-11-24T10:05:00.000Z' });
    expect(mergeMessage(read, edited)).toMatchObject({ body: 'Olá!', isEdited: true, ack: 3 });
  });

  it('keeps the quoted message a socket payload lacks', () => {
    const quoted = message({ id: 9, body: 'pergunta' });
    const cached = message({ quotedMsgId: 9, quotedMsg: quoted });
    const incoming = { ...message({ ack: 2, updatedAt: '2026-11-24T10:00:01.000Z' }), quotedMsg: undefined };
    expect(mergeMessage(cached, incoming)).toMatchObject({ ack: 2, quotedMsg: quoted });
  });
});

describe('the plain text of a message', () => {
  it('drops the formatting marks and puts it on one line', () => {
    expect(plainText('*Admin:*\nSeu pedido *123* foi _enviado_ ~ontem~ ```hoje```')).toBe('Admin: Seu pedido 123 foi enviado ontem hoje');
  });

  it('leaves lone marks and plain text as they are', () => {
    expect(plainText('2 * 3 = 6, snake_case')).toBe('2 * 3 = 6, snake_case');
  });
});
