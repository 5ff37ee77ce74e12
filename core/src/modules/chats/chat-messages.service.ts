import { inject, injectable } from '@switchboard/sdk';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { AppError } from '../../platform/http/app-error.js';
import type { ContentKind } from '../../platform/media/content-kind.js';
import { Tenancy } from '../../platform/tenancy.js';
import { ChatEvents } from './chat-events.js';
import { ChatFiles, type ChatFile } from './chat-files.js';
import { ChatMembership, type ChatRef } from './chat-membership.js';
import { chatMessageView, chatView, type ChatMessageView } from './chat-views.js';
import { ChatMessageModel, ChatModel } from './chat.model.js';
import { CHAT_MESSAGES_PAGE_SIZE } from './chats.schema.js';

/**
 * The messages of an internal chat (spec 3 §7): read by its members a page at a time going back in time, each page
 * oldest first; a message sent raises every other member's unread count and becomes the chat's last message.
 */
@injectable()
export class ChatMessageService {
  constructor(
    @inject(Tenancy) private readonly tenancy: Tenancy,
    @inject(ChatMembership) private readonly membership: ChatMembership,
    @inject(ChatEvents) private readonly events: ChatEvents,
    @inject(ChatFiles) private readonly files: ChatFiles,
  ) {}

  /** GET /chats/:id/messages: page 1 holds the newest messages; a page lists oldest to newest. */
  async page(options: { auth: AuthContext; chat: ChatRef; pageNumber: number }): Promise<{ records: ChatMessageView[]; hasMore: boolean }> {
    const scope = this.tenancy.of(options.auth.companyId);
    const chat = await this.membership.chatOf(options.auth, options.chat, scope);
    const rows = await scope
      .query(ChatMessageModel)
      .leftJoin('users as sender', 'sender.id', 'chat_messages.sender_id')
      .where('chat_messages.chat_id', chat.id)
      .select('chat_messages.*', 'sender.name as sender_name')
      .orderBy('chat_messages.created_at', 'desc')
      .orderBy('chat_messages.id', 'desc')
      .limit(CHAT_MESSAGES_PAGE_SIZE + 1)
      .offset((options.pageNumber - 1) * CHAT_MESSAGES_PAGE_SIZE);
    const records = rows
      .slice(0, CHAT_MESSAGES_PAGE_SIZE)
      .reverse()
      .map((row) => chatMessageView(row, senderOf(row)));
    return { records, hasMore: rows.length > CHAT_MESSAGES_PAGE_SIZE };
  }

  /**
   * POST /chats/:id/messages: one message for the text, or one per file with the text on the first. A file's kind is
   * told by its bytes. Each message reaches the members live with the chat's new unread counts.
   */
  async send(options: { auth: AuthContext; chat: ChatRef; text: string; files: ChatFile[] }): Promise<ChatMessageView[]> {
    const { auth, files } = options;
    const text = options.text.trim() ? options.text : '';
    if (!text && files.length === 0) {
      throw new AppError('ERR_VALIDATION', 400, { message: 'Mensagem vazia', fields: { message: 'Mensagem vazia' } });
    }
    const scope = this.tenancy.of(auth.companyId);
    const chat = await this.membership.chatOf(auth, options.chat, scope);
    const stored: { file: ChatFile; path: string; kind: ContentKind }[] = [];
    try {
      for (const file of files) stored.push({ file, ...(await this.files.store(auth.companyId, chat.id, file)) });
      const drafts = stored.length
        ? stored.map((entry, index) => ({
            message: index === 0 ? text : '',
            mediaPath: entry.path,
            mediaName: entry.file.fileName,
            mediaType: entry.kind,
          }))
        : [{ message: text, mediaPath: null, mediaName: null, mediaType: null as ContentKind | null }];
      const sender = { id: auth.userId, name: auth.name };
      const { messages, chatAfter, members } = await this.tenancy.transaction(auth.companyId, async (trx) => {
        const saved: ChatMessageModel[] = [];
        for (const draft of drafts) saved.push(await trx.insert(ChatMessageModel, { chatId: chat.id, senderId: auth.userId, ...draft }));
        await trx.table('chat_users').where('chat_id', chat.id).whereNot('user_id', auth.userId).increment('unreads', saved.length);
        const last = saved[saved.length - 1]!;
        const updated = await trx
          .query(ChatModel)
          .patchAndFetchById(chat.id, { lastMessage: (last.message || last.mediaName || '').slice(0, 255) });
        const view = await chatView(trx, updated);
        return { messages: saved.map((row) => chatMessageView(row, sender)), chatAfter: view, members: view.users.map((m) => m.userId) };
      });
      for (const message of messages) this.events.tell(members, { action: 'new-message', chat: chatAfter, message });
      return messages;
    } catch (error) {
      await this.files.remove(stored.map((entry) => entry.path));
      throw error;
    }
  }
}

function senderOf(row: ChatMessageModel & { senderName?: string | null }): { id: number; name: string } | null {
  return row.senderId && row.senderName != null ? { id: row.senderId, name: row.senderName } : null;
}
