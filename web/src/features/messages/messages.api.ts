import { api } from '../../app/api';
import { realtime } from '../../app/realtime';
import { mergeMessage } from './message-merge';
import type { Message } from '@switchboard/sdk/contracts';

export type { Message };

export interface MessagesPage {
  messages: Message[];
  hasMore: boolean;
}

export interface GalleryImage {
  id: number;
  mediaUrl: string | null;
  createdAt: string;
  body: string;
}

export interface SendMessageInput {
  ticketId: number;
  body: string;
  isPrivate?: boolean;
  quotedMsg?: number;
  vCard?: string;
  /** Files go as multipart `medias`, one message per file, the text with the first. */
  medias?: File[];
  /** An approved template instead of free text (the reply window has closed); `body` is its filled text. */
  template?: { name: string; language: string; variables: string[] };
}

/** An approved template of the ticket's connection: its text with `{{1}}`... and how many values it takes. */
export interface MessageTemplate {
  name: string;
  language: string;
  body: string;
  variables: number;
}

type ListData = { pages: MessagesPage[]; pageParams: number[] };

/** Adds or replaces a message of the ticket in the cached pages (page 0 holds the newest). */
function upsert(data: ListData, message: Message): void {
  for (const page of data.pages) {
    const index = page.messages.findIndex((candidate) => candidate.id === message.id);
    if (index >= 0) {
      page.messages[index] = mergeMessage(page.messages[index], message);
      return;
    }
  }
  const newest = data.pages[0];
  if (!newest) return;
  const quotedMsg = message.quotedMsg ?? findLoaded(data, message.quotedMsgId);
  newest.messages.push({ ...message, quotedMsg });
}

function findLoaded(data: ListData, id: number | null): Message | null {
  if (!id) return null;
  for (const page of data.pages) {
    const found = page.messages.find((message) => message.id === id);
    if (found) return found;
  }
  return null;
}

export const messagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /messages/:ticketId: page 1 is the newest 20 messages (oldest first inside a page); the next page is older.
     * Socket appMessage events of the ticket are written into the cached pages.
     */
    listMessages: build.infiniteQuery<MessagesPage, number, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _allPages, lastPageParam) => (lastPage.hasMore ? lastPageParam + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => ({ url: `messages/${queryArg}`, params: { pageNumber: pageParam } }),
      providesTags: (_result, _error, ticketId) => [{ type: 'Message', id: ticketId }],
      keepUnusedDataFor: 30,
      async onCacheEntryAdded(ticketId, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        const pending: Message[] = [];
        let loaded = false;
        const off = realtime.on('appMessage', (payload) => {
          const message = payload?.message;
          if (!message || message.ticketId !== ticketId || (payload.action !== 'create' && payload.action !== 'update')) return;
          if (!loaded) pending.push(message);
          else updateCachedData((draft) => upsert(draft, message));
        });
        // Events missed while the socket was away are read again after it reconnects.
        const offConnect = realtime.on('connect', () => {
          if (loaded) dispatch(api.util.invalidateTags([{ type: 'Message', id: ticketId }]));
        });
        try {
          await cacheDataLoaded;
          loaded = true;
          if (pending.length) updateCachedData((draft) => pending.forEach((message) => upsert(draft, message)));
        } catch {
          // The entry was removed before its first page arrived.
        }
        await cacheEntryRemoved;
        off();
        offConnect();
      },
    }),
    /** Spec 1 §7: opening a ticket's messages reads it (the product family has no route of its own for that): page 1, not cached. */
    markTicketRead: build.mutation<void, number>({
      query: (ticketId) => ({ url: `messages/${ticketId}`, params: { pageNumber: 1 } }),
    }),
    sendMessage: build.mutation<{ messages: Message[] }, SendMessageInput>({
      query: ({ ticketId, medias, ...fields }) => {
        if (medias?.length) {
          const form = new FormData();
          for (const file of medias) form.append('medias', file, file.name);
          form.append('body', fields.body);
          form.append('fromMe', 'true');
          form.append('isPrivate', String(Boolean(fields.isPrivate)));
          form.append('read', 'true');
          if (fields.quotedMsg) form.append('quotedMsg', String(fields.quotedMsg));
          return { url: `messages/${ticketId}`, method: 'POST', body: form };
        }
        return { url: `messages/${ticketId}`, method: 'POST', body: { ...fields, fromMe: true, read: true } };
      },
      async onQueryStarted({ ticketId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(writeMessages(ticketId, data.messages));
      },
    }),
    /** GET /messages/templates/:ticketId: what the ticket's connection may still send once its reply window closed. */
    listTemplates: build.query<{ templates: MessageTemplate[] }, number>({
      query: (ticketId) => `messages/templates/${ticketId}`,
      keepUnusedDataFor: 60,
    }),
    editMessage: build.mutation<Message, { id: number; body: string; ticketId: number }>({
      query: ({ id, body }) => ({ url: `messages/edit/${id}`, method: 'POST', body: { body } }),
      async onQueryStarted({ ticketId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(writeMessages(ticketId, [data]));
      },
    }),
    deleteMessage: build.mutation<Message, { id: number; ticketId: number }>({
      query: ({ id }) => ({ url: `messages/${id}`, method: 'DELETE' }),
      async onQueryStarted({ ticketId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(writeMessages(ticketId, [data]));
      },
    }),
    forwardMessage: build.mutation<Message, { messageId: number; contactId: number; signMessage?: boolean }>({
      query: (body) => ({ url: 'message/forward', method: 'POST', body }),
    }),
    /** POST /react/messages: text is the emoji, '' removes the reaction. */
    reactToMessage: build.mutation<Message | Record<string, never>, { id: number; text: string; ticketId: number }>({
      query: ({ id, text, ticketId }) => ({ url: 'react/messages', method: 'POST', body: { id, text, ticketId, fromMe: true } }),
      async onQueryStarted({ ticketId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data && 'id' in data) dispatch(writeMessages(ticketId, [data as Message]));
      },
    }),
    listImages: build.query<{ images: GalleryImage[] }, number>({
      query: (ticketId) => `messages/listimages/${ticketId}`,
      providesTags: (_result, _error, ticketId) => [{ type: 'Message', id: `images-${ticketId}` }],
    }),
  }),
});

/** Writes answered messages into the ticket's cached list (the socket event may come later, or not at all). */
function writeMessages(ticketId: number, messages: Message[]) {
  return messagesApi.util.updateQueryData('listMessages', ticketId, (draft) => {
    for (const message of messages) upsert(draft, message);
  });
}

export const {
  useListMessagesInfiniteQuery,
  useMarkTicketReadMutation,
  useSendMessageMutation,
  useEditMessageMutation,
  useDeleteMessageMutation,
  useForwardMessageMutation,
  useReactToMessageMutation,
  useListImagesQuery,
  useListTemplatesQuery,
} = messagesApi;
