import { inject, injectable } from '@switchboard/sdk';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { TenantScope } from '../../platform/database/model.js';
import { AppError } from '../../platform/http/app-error.js';
import { Tenancy } from '../../platform/tenancy.js';
import { ChatModel } from './chat.model.js';

export const CHAT_NOT_FOUND = 'ERR_NO_CHAT_FOUND';

/** How a route names a chat: its id, or its uuid (the web's address /chats/:uuid). */
export type ChatRef = { id: number } | { uuid: string };

/**
 * Who belongs to which chat. A chat is private to its members: to anyone else (another company's user included)
 * it does not exist, so every lookup of a chat goes through here and answers 404 ERR_NO_CHAT_FOUND.
 */
@injectable()
export class ChatMembership {
  constructor(@inject(Tenancy) private readonly tenancy: Tenancy) {}

  /** The chat `ref` names, when `auth`'s user is one of its members. */
  async chatOf(auth: Pick<AuthContext, 'companyId' | 'userId'>, ref: ChatRef, scope?: TenantScope): Promise<ChatModel> {
    const within = scope ?? this.tenancy.of(auth.companyId);
    const query = within.query(ChatModel).whereExists(memberRow(within, auth.userId)).first();
    if ('id' in ref) query.where('chats.id', ref.id);
    else query.where('chats.uuid', ref.uuid);
    const chat = await query;
    if (!chat) throw AppError.notFound(CHAT_NOT_FOUND);
    return chat;
  }

  /** Whether the user is a member of the chat (for its stored files under company{id}/chats/{chatId}/). */
  async isMember(auth: Pick<AuthContext, 'companyId' | 'userId'>, chatId: number): Promise<boolean> {
    const row = await this.tenancy.of(auth.companyId).table('chat_users').where({ chat_id: chatId, user_id: auth.userId }).first('chat_id');
    return Boolean(row);
  }
}

/** The chat_users row of `userId` in the outer query's chat (`chats`), for whereExists. */
export function memberRow(scope: TenantScope, userId: number) {
  return scope.table('chat_users').whereRaw('chat_users.chat_id = chats.id').where('chat_users.user_id', userId).select(scope.raw('1'));
}
