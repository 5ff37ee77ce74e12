import { inject, injectable } from '@switchboard/sdk';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { containsPattern } from '../../platform/database/like-pattern.js';
import type { TenantScope } from '../../platform/database/model.js';
import { AppError } from '../../platform/http/app-error.js';
import { Tenancy } from '../../platform/tenancy.js';
import { ChatEvents } from './chat-events.js';
import { ChatFiles } from './chat-files.js';
import { ChatMembership, memberRow, type ChatRef } from './chat-membership.js';
import { chatView, chatViews, type ChatView } from './chat-views.js';
import { ChatMessageModel, ChatModel } from './chat.model.js';
import { CHATS_PAGE_SIZE, type SaveChatInput } from './chats.schema.js';

/**
 * Internal staff chats (spec 3 §2.9, §7 "Internal chat"): a user sees the chats they are a member of, newest activity
 * first; whoever creates one owns it and is a member, and only the owner edits or deletes it (a member who is not gets
 * 403; anyone else, 404).
 */
@injectable()
export class ChatService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(ChatMembership) private readonly membership: ChatMembership,
    @inject(ChatEvents) private readonly events: ChatEvents,
    @inject(ChatFiles) private readonly files: ChatFiles,
  ) {}

  /** GET /chats: a page of the caller's chats, searched in the title; `unread` keeps those with unread messages. */
  async page(options: {
    auth: AuthContext;
    searchParam: string;
    pageNumber: number;
    unread: boolean;
  }): Promise<{ records: ChatView[]; hasMore: boolean }> {
    const { auth } = options;
    const scope = this.tenancy.of(auth.companyId);
    const mine = memberRow(scope, auth.userId);
    if (options.unread) mine.where('chat_users.unreads', '>', 0);
    const query = scope.query(ChatModel).whereExists(mine);
    if (options.searchParam) query.whereRaw('lower(chats.title) like ?', [containsPattern(options.searchParam)]);
    const rows = await query
      .orderBy('chats.updated_at', 'desc')
      .orderBy('chats.id', 'desc')
      .limit(CHATS_PAGE_SIZE + 1)
      .offset((options.pageNumber - 1) * CHATS_PAGE_SIZE);
    return { records: await chatViews(scope, rows.slice(0, CHATS_PAGE_SIZE)), hasMore: rows.length > CHATS_PAGE_SIZE };
  }

  async show(options: { auth: AuthContext; chat: ChatRef }): Promise<ChatView> {
    const scope = this.tenancy.of(options.auth.companyId);
    return chatView(scope, await this.membership.chatOf(options.auth, options.chat, scope));
  }

  /** POST /chats: the caller owns the new chat and is one of its members. */
  async create(options: { auth: AuthContext; input: SaveChatInput }): Promise<ChatView> {
    const { auth, input } = options;
    const members = uniqueMembers(auth, input.users);
    const created = await this.tenancy.transaction(auth.companyId, async (scope) => {
      await assertCompanyUsers(scope, members);
      const chat = await scope.insert(ChatModel, { title: input.title, ownerId: auth.userId, lastMessage: null });
      await scope.insertInto(
        'chat_users',
        members.map((userId) => ({ chat_id: chat.id, user_id: userId })),
      );
      return chatView(scope, chat);
    });
    this.events.tell(members, { action: 'create', chat: created });
    return created;
  }

  /** PUT /chats/:id: the owner renames it and sets its members (they stay one); who stays keeps their unreads. */
  async update(options: { auth: AuthContext; chat: ChatRef; input: SaveChatInput }): Promise<ChatView> {
    const { auth, input } = options;
    const members = uniqueMembers(auth, input.users);
    const { updated, removed } = await this.tenancy.transaction(auth.companyId, async (scope) => {
      const current = await this.ownedChat(auth, options.chat, scope);
      await assertCompanyUsers(scope, members);
      const leaving: { user_id: number }[] = await scope
        .table<{ user_id: number }>('chat_users')
        .where('chat_id', current.id)
        .whereNotIn('user_id', members)
        .delete()
        .returning('user_id');
      await scope
        .insertInto(
          'chat_users',
          members.map((userId) => ({ chat_id: current.id, user_id: userId })),
        )
        .onConflict(['chat_id', 'user_id'])
        .ignore();
      const chat = await scope.query(ChatModel).patchAndFetchById(current.id, { title: input.title });
      return { updated: await chatView(scope, chat), removed: leaving.map((row) => row.user_id) };
    });
    this.events.tell(members, { action: 'update', chat: updated });
    this.events.tell(removed, { action: 'delete', chatId: updated.id });
    return updated;
  }

  /** DELETE /chats/:id: the owner removes it with its messages and their files. */
  async remove(options: { auth: AuthContext; chat: ChatRef }): Promise<void> {
    const { auth } = options;
    const { chatId, members, files } = await this.tenancy.transaction(auth.companyId, async (scope) => {
      const current = await this.ownedChat(auth, options.chat, scope);
      const memberRows: { user_id: number }[] = await scope.table('chat_users').where('chat_id', current.id).select('user_id');
      const fileRows = await scope.query(ChatMessageModel).where('chat_id', current.id).whereNotNull('media_path').select('media_path');
      await scope.query(ChatModel).delete().where('id', current.id).returning('id');
      return {
        chatId: current.id,
        members: memberRows.map((row) => row.user_id),
        files: fileRows.map((row) => row.mediaPath!),
      };
    });
    await this.files.remove(files);
    this.events.tell(members, { action: 'delete', chatId });
  }

  /** POST /chats/:id/read: the caller's own unread count goes to 0 (never another member's). */
  async markRead(options: { auth: AuthContext; chat: ChatRef }): Promise<ChatView> {
    const { auth } = options;
    const scope = this.tenancy.of(auth.companyId);
    const chat = await this.membership.chatOf(auth, options.chat, scope);
    await scope.table('chat_users').where({ chat_id: chat.id, user_id: auth.userId }).where('unreads', '>', 0).update({ unreads: 0 });
    const view = await chatView(scope, chat);
    // The reader's other tabs and popover clear their badge; the other members' counts did not change.
    this.events.tell([auth.userId], { action: 'update', chat: view });
    return view;
  }

  private async ownedChat(auth: AuthContext, ref: ChatRef, scope: TenantScope): Promise<ChatModel> {
    const chat = await this.membership.chatOf(auth, ref, scope);
    if (chat.ownerId !== auth.userId) throw AppError.forbidden();
    return chat;
  }
}

/** The chosen users and the caller, once each. */
function uniqueMembers(auth: AuthContext, users: number[]): number[] {
  return [...new Set([auth.userId, ...users])];
}

/** Every member must be a user of the company: another company's user is as missing as one that never existed. */
async function assertCompanyUsers(scope: TenantScope, userIds: number[]): Promise<void> {
  const found: { id: number }[] = await scope.table('users').whereIn('id', userIds).select('id');
  if (found.length !== userIds.length) throw AppError.notFound('ERR_NO_USER_FOUND');
}
