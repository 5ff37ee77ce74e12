import { api } from '../../app/api';

export interface QuickMessage {
  id: number;
  shortcode: string;
  message: string;
  mediaPath?: string | null;
  mediaName?: string | null;
  [field: string]: unknown;
}

export const quickMessagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /quick-messages/list: what the composer's "/" offers. */
    listAllQuickMessages: build.query<QuickMessage[], void>({ query: () => 'quick-messages/list', providesTags: ['QuickMessage'] }),
  }),
});

export const { useListAllQuickMessagesQuery } = quickMessagesApi;
