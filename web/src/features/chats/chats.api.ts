import type { Chat, ChatMessage } from '@switchboard/sdk/contracts';
import { api } from '../../app/api';
import { realtime } from '../../app/realtime';
import { store } from '../../app/store';
import { nextPageNumber } from '../../components/records/paged-cache';
import { addChatMessage, applyChatEvent, type ChatMessagesPage, type ChatsPage } from './chat-cache';

export type { Chat, ChatMessage };

/** POST /chats and PUT /chats/:id: the dialog's title and chosen user ids. */
export interface ChatInput {
  title: string;
  users: number[];
}

const currentUserId = () => store.getState().auth.user?.id;

const withTags = api.enhanceEndpoints({ addTagTypes: ['Chat', 'ChatMessage'] });

export const chatsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /chats page by page (the caller's chats, newest activity first); `unread` keeps those with unread messages
     * (the top bar's popover). Kept live by the 'chat' event, which reaches only the chat's members.
     */
    chatsPage: build.infiniteQuery<ChatsPage, { searchParam?: string; unread?: boolean }, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPageNumber },
      query: ({ queryArg: { searchParam, unread }, pageParam }) => ({
        url: 'chats',
        params: { pageNumber: pageParam, ...(searchParam ? { searchParam } : {}), ...(unread ? { unread: true } : {}) },
      }),
      providesTags: ['Chat'],
      async onCacheEntryAdded(args, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        await cacheDataLoaded.catch(() => undefined);
        const off = realtime.on('chat', (event) =>
          updateCachedData((draft) =>
            applyChatEvent(draft, event, { userId: currentUserId(), searchParam: args.searchParam, unreadOnly: args.unread }),
          ),
        );
        // Events sent while the socket was away are lost: read the list again.
        const offConnect = realtime.on('connect', () => dispatch(withTags.util.invalidateTags(['Chat'])));
        await cacheEntryRemoved;
        off();
        offConnect();
      },
    }),
    /** GET /chats/:uuid: the chat the address names (404 for anyone but its members). */
    chat: build.query<Chat, string>({
      query: (uuid) => `chats/${uuid}`,
      providesTags: (_result, _error, uuid) => [{ type: 'Chat', id: uuid }],
      async onCacheEntryAdded(uuid, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, getCacheEntry, dispatch }) {
        await cacheDataLoaded.catch(() => undefined);
        const off = realtime.on('chat', (event) => {
          if (event.action !== 'delete') {
            if (event.chat.uuid === uuid) updateCachedData(() => event.chat);
          } else if (event.chatId === getCacheEntry().data?.id) {
            // Deleted, or the user was taken out of it: reading it again answers 404 and the screen leaves it.
            dispatch(withTags.util.invalidateTags([{ type: 'Chat', id: uuid }]));
          }
        });
        await cacheEntryRemoved;
        off();
      },
    }),
    /** GET /chats/:id/messages: page 1 is the newest; each page is oldest first. New messages come by the 'chat' event. */
    chatMessages: build.infiniteQuery<ChatMessagesPage, number, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPageNumber },
      query: ({ queryArg: chatId, pageParam }) => ({ url: `chats/${chatId}/messages`, params: { pageNumber: pageParam } }),
      providesTags: (_result, _error, chatId) => [{ type: 'ChatMessage', id: chatId }],
      keepUnusedDataFor: 30,
      async onCacheEntryAdded(chatId, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        await cacheDataLoaded.catch(() => undefined);
        const off = realtime.on('chat', (event) => {
          if (event.action === 'new-message' && event.message.chatId === chatId)
            updateCachedData((draft) => addChatMessage(draft, event.message));
        });
        const offConnect = realtime.on('connect', () => dispatch(withTags.util.invalidateTags([{ type: 'ChatMessage', id: chatId }])));
        await cacheEntryRemoved;
        off();
        offConnect();
      },
    }),
    createChat: build.mutation<Chat, ChatInput>({
      query: (body) => ({ url: 'chats', method: 'POST', body }),
    }),
    updateChat: build.mutation<Chat, ChatInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `chats/${id}`, method: 'PUT', body }),
    }),
    deleteChat: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `chats/${id}`, method: 'DELETE' }),
    }),
    /** POST /chats/:id/read: the user's own unread count goes to 0 (the 'chat' update clears the badges). */
    markChatRead: build.mutation<Chat, number>({
      query: (id) => ({ url: `chats/${id}/read`, method: 'POST', body: { userId: currentUserId() } }),
    }),
    /** POST /chats/:id/messages with a text (files go by uploadForm, with progress). */
    sendChatMessage: build.mutation<{ records: ChatMessage[] }, { chatId: number; message: string }>({
      query: ({ chatId, message }) => ({ url: `chats/${chatId}/messages`, method: 'POST', body: { message } }),
      async onQueryStarted({ chatId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(writeSentMessages(chatId, data.records));
      },
    }),
  }),
});

export const {
  useChatsPageInfiniteQuery,
  useChatQuery,
  useChatMessagesInfiniteQuery,
  useCreateChatMutation,
  useUpdateChatMutation,
  useDeleteChatMutation,
  useMarkChatReadMutation,
  useSendChatMessageMutation,
} = chatsApi;

/** Puts messages the user just sent into the chat's cached pages (the 'chat' event may come later, or not at all). */
export function writeSentMessages(chatId: number, messages: ChatMessage[]) {
  return chatsApi.util.updateQueryData('chatMessages', chatId, (draft) => {
    for (const message of messages) addChatMessage(draft, message);
  });
}
