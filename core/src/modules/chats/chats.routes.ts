import { inject, injectable } from '@switchboard/sdk';
import type { Access } from '../../platform/http/access.js';
import type { ApiRouter, RouteContribution } from '../../platform/http/api-router.js';
import { idParam, pageNumber, validate } from '../../platform/http/validation.js';
import { AppError } from '../../platform/http/app-error.js';
import { CHAT_NOT_FOUND, type ChatRef } from './chat-membership.js';
import { ChatMessageService } from './chat-messages.service.js';
import { ChatService } from './chat.service.js';
import { CHAT_MEDIA_MAX_BYTES, CHAT_MEDIA_MAX_FILES, chatSearchSchema, saveChatSchema, sendChatMessageSchema } from './chats.schema.js';

/** Spec 1 §2 and DESIGN §8.8: the internal chat is the plan's useInternalChat; any profile of the company uses it. */
const internalChat: Access = { planFlag: 'useInternalChat' };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A chat named by its id or by its uuid (the web's /chats/:uuid); anything else names no chat. */
function chatRef(value: string | undefined): ChatRef {
  if (value && uuidPattern.test(value)) return { uuid: value.toLowerCase() };
  return { id: idParam(value, CHAT_NOT_FOUND) };
}

/** Spec 3 §7 "Internal chat". Who may see or change which chat is decided by the chat services. */
@injectable()
export class ChatRoutes implements RouteContribution {
  readonly area = 'chats';

  constructor(
    @inject(ChatService) private readonly chats: ChatService,
    @inject(ChatMessageService) private readonly messages: ChatMessageService,
  ) {}

  register(api: ApiRouter): void {
    api.get('/chats', internalChat, async ({ auth, query }) => {
      const { searchParam } = await validate(chatSearchSchema, query);
      const unread = query.unread === 'true' || query.unread === '1';
      return this.chats.page({ auth, searchParam, pageNumber: pageNumber(query.pageNumber), unread });
    });

    api.get('/chats/:id', internalChat, ({ auth, params }) => this.chats.show({ auth, chat: chatRef(params.id) }));

    api.post('/chats', internalChat, async ({ auth, body }) => this.chats.create({ auth, input: await validate(saveChatSchema, body) }), {
      status: 201,
    });

    api.put('/chats/:id', internalChat, async ({ auth, params, body }) => {
      const chat = chatRef(params.id);
      return this.chats.update({ auth, chat, input: await validate(saveChatSchema, body) });
    });

    api.delete('/chats/:id', internalChat, async ({ auth, params }) => {
      await this.chats.remove({ auth, chat: chatRef(params.id) });
      return { message: 'Chat excluído com sucesso!' };
    });

    // The spec's body names a userId: only the caller's own count is ever cleared, so it is not read.
    api.post('/chats/:id/read', internalChat, ({ auth, params }) => this.chats.markRead({ auth, chat: chatRef(params.id) }));

    api.get('/chats/:id/messages', internalChat, ({ auth, params, query }) =>
      this.messages.page({ auth, chat: chatRef(params.id), pageNumber: pageNumber(query.pageNumber) }),
    );

    api.post(
      '/chats/:id/messages',
      internalChat,
      async ({ auth, params, body, files }) => {
        const chat = chatRef(params.id);
        const input = await validate(sendChatMessageSchema, body);
        const sent = await this.messages.send({
          auth,
          chat,
          text: input.message || input.body,
          files: files.map((file) => ({ fileName: checkedName(file.originalname), data: file.buffer })),
        });
        return { records: sent };
      },
      { upload: { fields: ['medias'], maxFiles: CHAT_MEDIA_MAX_FILES, maxFileBytes: CHAT_MEDIA_MAX_BYTES }, status: 201 },
    );
  }
}

/** A file's own name, kept as its mediaName: one that is empty or too long is refused rather than guessed. */
function checkedName(name: string | undefined): string {
  if (!name || name.length > 255 || /\0/.test(name)) {
    const message = 'Nome de arquivo inválido';
    throw new AppError('ERR_VALIDATION', 400, { message, fields: { medias: message } });
  }
  return name.split(/[/\\]/).pop() || 'arquivo';
}
