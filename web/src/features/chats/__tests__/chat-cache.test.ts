import { describe, expect, it } from '@jest/globals';
import type { Chat, ChatMessage } from '@switchboard/sdk/contracts';
import { addChatMessage, applyChatEvent, chronological, unreadsOf, type ChatMessagesPage, type ChatsPage } from '../chat-cache';

const ME = 7;

function chat(id: number, fields: Partial<Chat> = {}, myUnreads = 0): Chat {
  return {
    id,
    uuid: `uuid-${id}`,
    title: `Chat ${id}`,
    ownerId: ME,
    lastMessage: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    users: [
      { userId: ME, unreads: myUnreads, user: { id: ME, name: 'Eu' } },
      { userId: 8, unreads: 0, user: { id: 8, name: 'Ana' } },
    ],
    ...fields,
  };
}

function message(id: number, chatId = 1): ChatMessage {
  return {
    id,
    chatId,
    message: `m${id}`,
    senderId: 8,
    sender: { id: 8, name: 'Ana' },
    mediaPath: null,
    mediaName: null,
    mediaType: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

const list = (...pages: Chat[][]) => ({
  pages: pages.map((records) => ({ records, hasMore: false }) as ChatsPage),
  pageParams: pages.map((_, i) => i + 1),
});
const ids = (data: { pages: ChatsPage[] }) => data.pages.map((page) => page.records.map((record) => record.id));

describe('the chat list kept live', () => {
  it('brings the chat of a new message to the top with its unread count', () => {
    const data = list([chat(1), chat(2)], [chat(3)]);
    applyChatEvent(data, { action: 'new-message', chat: chat(3, { lastMessage: 'oi' }, 2), message: message(1, 3) }, { userId: ME });
    expect(ids(data)).toEqual([[3, 1, 2], []]);
    expect(unreadsOf(data.pages[0]!.records[0]!, ME)).toBe(2);
  });

  it('replaces a changed chat in place, drops a deleted one and adds a new one on top', () => {
    const data = list([chat(1), chat(2)]);
    applyChatEvent(data, { action: 'update', chat: chat(2, { title: 'Renomeado' }) }, { userId: ME });
    expect(ids(data)).toEqual([[1, 2]]);
    expect(data.pages[0]!.records[1]!.title).toBe('Renomeado');
    applyChatEvent(data, { action: 'delete', chatId: 1 }, { userId: ME });
    applyChatEvent(data, { action: 'create', chat: chat(9) }, { userId: ME });
    expect(ids(data)).toEqual([[9, 2]]);
  });

  it('keeps to its search, and the unread list to the chats the user has not read', () => {
    const searched = list([chat(1)]);
    applyChatEvent(searched, { action: 'create', chat: chat(2, { title: 'Vendas' }) }, { userId: ME, searchParam: 'suporte' });
    expect(ids(searched)).toEqual([[1]]);

    const unread = list([chat(1, {}, 1)]);
    applyChatEvent(unread, { action: 'new-message', chat: chat(2, {}, 1), message: message(5, 2) }, { userId: ME, unreadOnly: true });
    expect(ids(unread)).toEqual([[2, 1]]);
    applyChatEvent(unread, { action: 'update', chat: chat(1, {}, 0) }, { userId: ME, unreadOnly: true });
    expect(ids(unread)).toEqual([[2]]);
  });
});

describe("a chat's messages", () => {
  it('reads the pages oldest to newest and adds a live message once, at the bottom', () => {
    const data = {
      pages: [
        { records: [message(3), message(4)], hasMore: true },
        { records: [message(1), message(2)], hasMore: false },
      ] as ChatMessagesPage[],
      pageParams: [1, 2],
    };
    addChatMessage(data, message(5));
    addChatMessage(data, message(5));
    expect(chronological(data).map((record) => record.id)).toEqual([1, 2, 3, 4, 5]);
  });
});
