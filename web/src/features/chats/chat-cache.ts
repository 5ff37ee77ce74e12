import type { Chat, ChatEvent, ChatMessage } from '@switchboard/sdk/contracts';
import { matchesSearch, removeRecord, type PagedData } from '../../components/records/paged-cache';

export interface ChatsPage {
  records: Chat[];
  hasMore: boolean;
}

export interface ChatMessagesPage {
  records: ChatMessage[];
  hasMore: boolean;
}

/** The user's own unread count in a chat. */
export function unreadsOf(chat: Pick<Chat, 'users'>, userId: number | undefined): number {
  return chat.users.find((member) => member.userId === userId)?.unreads ?? 0;
}

/**
 * Applies a `chat` event to the pages of the chat list (newest activity first): a deleted chat or one the user left
 * goes; a new message brings its chat to the top; a created or changed chat is replaced where it is, or put on top
 * when it matches the list's search. `unreadOnly` keeps only the chats where the user has unread messages.
 */
export function applyChatEvent(
  data: PagedData<ChatsPage>,
  event: ChatEvent,
  options: { userId: number | undefined; searchParam?: string; unreadOnly?: boolean },
): void {
  if (event.action === 'delete') {
    removeRecord(data, (page) => page.records, event.chatId);
    return;
  }
  const { chat } = event;
  const belongs = matchesSearch(options.searchParam, chat.title) && (!options.unreadOnly || unreadsOf(chat, options.userId) > 0);
  const loaded = data.pages.some((page) => page.records.some((record) => record.id === chat.id));
  const toTop = event.action !== 'update' || !loaded;
  if (!belongs || toTop) removeRecord(data, (page) => page.records, chat.id);
  if (!belongs) return;
  if (toTop) {
    data.pages[0]?.records.unshift(chat);
    return;
  }
  for (const page of data.pages) {
    const index = page.records.findIndex((record) => record.id === chat.id);
    if (index >= 0) page.records[index] = chat;
  }
}

/** Adds a message that arrived live to a chat's newest page (page 0), once. */
export function addChatMessage(data: PagedData<ChatMessagesPage>, message: ChatMessage): void {
  if (data.pages.some((page) => page.records.some((record) => record.id === message.id))) return;
  data.pages[0]?.records.push(message);
}

/** A chat's messages oldest to newest from its pages (page 0 is the newest; each page is oldest first). */
export function chronological(data: PagedData<ChatMessagesPage> | undefined): ChatMessage[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((page) => page.records);
}
