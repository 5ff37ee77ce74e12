import type { Chat, ChatMessage } from '@switchboard/sdk/contracts';
import type { TenantScope } from '../../platform/database/model.js';
import type { Sendable } from '../../platform/realtime/realtime-bus.js';
import type { ChatMessageModel, ChatModel } from './chat.model.js';

/** A chat as the API answers it and the `chat` event carries it. */
export type ChatView = Sendable<Chat>;
export type ChatMessageView = Sendable<ChatMessage>;

interface MemberRow {
  chat_id: number;
  user_id: number;
  unreads: number;
  name: string;
}

/** The chats with their members, read in one query for all of them (never one per chat). */
export async function chatViews(scope: TenantScope, chats: ChatModel[]): Promise<ChatView[]> {
  if (chats.length === 0) return [];
  const rows: MemberRow[] = await scope
    .table('chat_users as cu')
    .join('users as u', 'u.id', 'cu.user_id')
    .whereIn(
      'cu.chat_id',
      chats.map((chat) => chat.id),
    )
    .orderBy('u.name')
    .orderBy('u.id')
    .select('cu.chat_id', 'cu.user_id', 'cu.unreads', 'u.name');
  const membersOf = new Map<number, ChatView['users']>();
  for (const row of rows) {
    const members = membersOf.get(row.chat_id) ?? [];
    members.push({ userId: row.user_id, unreads: row.unreads, user: { id: row.user_id, name: row.name } });
    membersOf.set(row.chat_id, members);
  }
  return chats.map((chat) => ({
    id: chat.id,
    uuid: chat.uuid,
    title: chat.title,
    ownerId: chat.ownerId,
    lastMessage: chat.lastMessage,
    createdAt: chat.createdAt,
    updatedAt: chat.updatedAt,
    users: membersOf.get(chat.id) ?? [],
  }));
}

export async function chatView(scope: TenantScope, chat: ChatModel): Promise<ChatView> {
  const [view] = await chatViews(scope, [chat]);
  return view!;
}

export function chatMessageView(row: ChatMessageModel, sender: { id: number; name: string } | null): ChatMessageView {
  return {
    id: row.id,
    chatId: row.chatId,
    message: row.message,
    senderId: row.senderId,
    sender,
    mediaPath: row.mediaPath,
    mediaName: row.mediaName,
    mediaType: row.mediaType,
    createdAt: row.createdAt,
  };
}
