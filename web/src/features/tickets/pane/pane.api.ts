import { api } from '../../../app/api';
import type { Tag } from '../../tags/tags.api';

/** One message of a media group (core messages.service `media`). */
export interface TicketMediaItem {
  id: number;
  body: string;
  mediaType: string | null;
  /** The stored path, served by GET /media/<path>. */
  mediaUrl: string | null;
  fromMe: boolean;
  createdAt: string;
  urls?: string[];
}

export interface TicketMedia {
  media: TicketMediaItem[];
  documents: TicketMediaItem[];
  links: TicketMediaItem[];
  calls: TicketMediaItem[];
}

export interface QueueOption {
  id: number;
  name: string;
  color: string;
}

/** Calls only the ticket pane makes: the drawer's media groups and tag creation. */
export const paneApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /messages/getmedia/:ticketId (spec 1 §7): media, documents, links and calls of the conversation. */
    ticketMedia: build.query<TicketMedia, number>({
      query: (ticketId) => `messages/getmedia/${ticketId}`,
      providesTags: (_result, _error, ticketId) => [{ type: 'Message', id: `media-${ticketId}` }],
    }),
    /** POST /tags: a tag created from the ticket's tag picker (spec 1 §5: at least 3 characters). */
    createTagFromTicket: build.mutation<Tag, { name: string; color?: string }>({
      query: (body) => ({ url: 'tags', method: 'POST', body }),
      invalidatesTags: ['Tag'],
    }),
  }),
});

export const { useTicketMediaQuery, useCreateTagFromTicketMutation } = paneApi;
