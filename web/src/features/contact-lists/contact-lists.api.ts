import { api } from '../../app/api';
import { realtime } from '../../app/realtime';
import { applyRecordChange, matchesSearch, nextPageNumber, type RecordChange } from '../../components/records/paged-cache';
import { downloadBlob } from '../contacts/contacts.api';
import type { ContactList, ContactListEvent, ContactListItem, ContactListItemEvent } from '@switchboard/sdk/contracts';

export type { ContactList, ContactListItem };

export interface ContactListsPage {
  records: ContactList[];
  count: number;
  hasMore: boolean;
}

export interface ContactListItemsPage {
  contacts: ContactListItem[];
  count: number;
  hasMore: boolean;
}

export interface ContactListItemInput {
  name: string;
  number: string;
  email: string;
}

/** POST /contact-lists/:id/upload answer (core ContactListImportSummary). */
export interface ContactListImportSummary {
  imported: number;
  skipped: number;
  reasons: { row: number; code: 'ERR_VALIDATION' | 'ERR_NUMBER_IN_LIST' | 'ERR_NUMBER_REPEATED'; reason: string; field?: string }[];
}

/** A list or item event read as a record change (reload and progress are handled apart). */
function recordChange<Item>(event: { action: 'create' | 'update'; record: Item } | { action: 'delete'; id: number }): RecordChange<Item> {
  return event.action === 'delete' ? { action: 'delete', id: event.id } : { action: event.action, record: event.record };
}

const withTags = api.enhanceEndpoints({ addTagTypes: ['ContactList', 'ContactListItem'] });

export const contactListsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** /contact-lists: GET /contact-lists page by page, kept live from the 'contactList' socket event. */
    contactListsPage: build.infiniteQuery<ContactListsPage, { searchParam?: string }, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPageNumber },
      query: ({ queryArg: { searchParam }, pageParam }) => ({
        url: 'contact-lists',
        params: { pageNumber: pageParam, ...(searchParam ? { searchParam } : {}) },
      }),
      providesTags: ['ContactList'],
      async onCacheEntryAdded(args, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        await cacheDataLoaded.catch(() => undefined);
        const off = realtime.on('contactList', (event: ContactListEvent) => {
          if (event.action === 'reload') return void dispatch(withTags.util.invalidateTags(['ContactList']));
          updateCachedData((draft) =>
            applyRecordChange(
              draft,
              (page) => page.records,
              recordChange(event),
              (record) => matchesSearch(args.searchParam, record.name),
            ),
          );
        });
        await cacheEntryRemoved;
        off();
      },
    }),
    contactList: build.query<ContactList, number>({
      query: (id) => `contact-lists/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'ContactList', id }],
    }),
    createContactList: build.mutation<ContactList, { name: string }>({
      query: (body) => ({ url: 'contact-lists', method: 'POST', body }),
      invalidatesTags: ['ContactList'],
    }),
    updateContactList: build.mutation<ContactList, { id: number; name: string }>({
      query: ({ id, ...body }) => ({ url: `contact-lists/${id}`, method: 'PUT', body }),
      invalidatesTags: ['ContactList'],
    }),
    deleteContactList: build.mutation<void, number>({
      query: (id) => ({ url: `contact-lists/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ContactList'],
    }),
    /** GET /contact-lists/example.xlsx, handed to the browser as a download (the request carries the session). */
    downloadContactListExample: build.mutation<null, void>({
      query: () => ({
        url: 'contact-lists/example.xlsx',
        responseHandler: async (response) => {
          if (!response.ok) return response.json().catch(() => null);
          downloadBlob(await response.blob(), 'contact-list-example.xlsx');
          return null;
        },
      }),
    }),
    /** /contact-lists/:id/contacts: one list's items page by page, kept live from the 'contactListItem' socket event. */
    contactListItemsPage: build.infiniteQuery<ContactListItemsPage, { contactListId: number; searchParam?: string }, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPageNumber },
      query: ({ queryArg: { contactListId, searchParam }, pageParam }) => ({
        url: 'contact-list-items',
        params: { contactListId, pageNumber: pageParam, ...(searchParam ? { searchParam } : {}) },
      }),
      providesTags: ['ContactListItem'],
      async onCacheEntryAdded(args, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        await cacheDataLoaded.catch(() => undefined);
        const off = realtime.on('contactListItem', (event: ContactListItemEvent) => {
          if (event.action === 'progress') return;
          if (event.action === 'reload') {
            if (event.contactListId === undefined || event.contactListId === args.contactListId) {
              dispatch(withTags.util.invalidateTags(['ContactListItem']));
            }
            return;
          }
          if (event.action !== 'delete' && event.record.contactListId !== args.contactListId) return;
          updateCachedData((draft) =>
            applyRecordChange(
              draft,
              (page) => page.contacts,
              recordChange(event),
              (record) => matchesSearch(args.searchParam, record.name, record.number, record.email),
            ),
          );
        });
        await cacheEntryRemoved;
        off();
      },
    }),
    createContactListItem: build.mutation<ContactListItem, ContactListItemInput & { contactListId: number }>({
      query: (body) => ({ url: 'contact-list-items', method: 'POST', body }),
      invalidatesTags: ['ContactListItem', 'ContactList'],
    }),
    updateContactListItem: build.mutation<ContactListItem, ContactListItemInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `contact-list-items/${id}`, method: 'PUT', body }),
      invalidatesTags: ['ContactListItem'],
    }),
    deleteContactListItem: build.mutation<void, number>({
      query: (id) => ({ url: `contact-list-items/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ContactListItem', 'ContactList'],
    }),
    /** POST /contact-lists/:id/upload (multipart `file`): answers the import's summary. */
    importContactList: build.mutation<ContactListImportSummary, { contactListId: number; file: File }>({
      query: ({ contactListId, file }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: `contact-lists/${contactListId}/upload`, method: 'POST', body };
      },
      invalidatesTags: ['ContactListItem', 'ContactList'],
    }),
  }),
});

export const {
  useContactListsPageInfiniteQuery,
  useContactListQuery,
  useCreateContactListMutation,
  useUpdateContactListMutation,
  useDeleteContactListMutation,
  useDownloadContactListExampleMutation,
  useContactListItemsPageInfiniteQuery,
  useCreateContactListItemMutation,
  useUpdateContactListItemMutation,
  useDeleteContactListItemMutation,
  useImportContactListMutation,
} = contactListsApi;
