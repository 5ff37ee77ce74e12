import { TenantModel } from '../../platform/database/model.js';
import type { ContentKind } from '../../platform/media/content-kind.js';

/** An internal staff chat (spec 3 §3 Chat); its members and their unread counts are rows of chat_users. */
export class ChatModel extends TenantModel {
  static override tableName = 'chats';

  uuid!: string;
  title!: string;
  ownerId!: number | null;
  lastMessage!: string | null;
}

/** A message of an internal chat (spec 3 §3 Chat message). */
export class ChatMessageModel extends TenantModel {
  static override tableName = 'chat_messages';

  chatId!: number;
  senderId!: number | null;
  message!: string;
  mediaPath!: string | null;
  mediaName!: string | null;
  mediaType!: ContentKind | null;
}
