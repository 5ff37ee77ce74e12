import { api } from '../../app/api';
import { realtime } from '../../app/realtime';
import { matchesSearch, nextPageNumber, removeRecord, upsertRecord } from '../../components/records/paged-cache';
import type { Contact, ContactEvent } from '@switchboard/sdk/contracts';

export type { Contact };

export interface ContactInput {
  name: string;
  number: string;
  email?: string;
  extraInfo?: { id?: number; name: string; value: string }[];
  disableBot?: boolean;
  [field: string]: unknown;
}

export interface ContactsPage {
  contacts: Contact[];
  hasMore: boolean;
  count: number;
}

export interface ContactsPageArgs {
  searchParam?: string;
  contactTag?: number[];
}

/** POST /contacts/upload answer (core ContactImportResult). */
export interface ContactImportResult {
  created: number;
  skipped: number;
  errors: { row: number; message: string; fields?: Record<string, string> }[];
}

/** Whether a contact pushed by the socket belongs to a list searched and filtered so. */
function belongsTo(contact: Contact, args: ContactsPageArgs): boolean {
  if (contact.isGroup) return false;
  if (args.contactTag?.length && !contact.tags?.some((tag) => args.contactTag!.includes(tag.id))) return false;
  return matchesSearch(args.searchParam, contact.name, contact.number);
}

export const contactsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listContacts: build.query<
      { contacts: Contact[]; hasMore: boolean; count?: number },
      { searchParam?: string; pageNumber?: number; contactTag?: number[]; isGroup?: boolean; channel?: string }
    >({
      query: ({ contactTag, ...params }) => ({
        url: 'contacts',
        params: { ...params, ...(contactTag?.length ? { contactTag: JSON.stringify(contactTag) } : {}) },
      }),
      providesTags: ['Contact'],
    }),
    /** The contacts page: GET /contacts page by page (20 each), kept live from the 'contact' socket event. */
    contactsPage: build.infiniteQuery<ContactsPage, ContactsPageArgs, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPageNumber },
      query: ({ queryArg: { contactTag, searchParam }, pageParam }) => ({
        url: 'contacts',
        params: {
          pageNumber: pageParam,
          isGroup: false,
          ...(searchParam ? { searchParam } : {}),
          ...(contactTag?.length ? { contactTag: JSON.stringify(contactTag) } : {}),
        },
      }),
      providesTags: ['Contact'],
      async onCacheEntryAdded(args, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        await cacheDataLoaded.catch(() => undefined);
        const off = realtime.on('contact', (event: ContactEvent) => {
          if (event.action === 'reload') {
            dispatch(api.util.invalidateTags(['Contact']));
            return;
          }
          updateCachedData((draft) => {
            const pages = (page: ContactsPage) => page.contacts;
            if (event.action === 'delete') {
              removeRecord(draft, pages, event.contactId);
              return;
            }
            const fits = belongsTo(event.contact, args);
            if (!fits && event.action === 'update') removeRecord(draft, pages, event.contact.id);
            else if (upsertRecord(draft, pages, event.contact, event.action === 'create' && fits) && event.action === 'create')
              draft.pages[0].count += 1;
          });
        });
        await cacheEntryRemoved;
        off();
      },
    }),
    /** GET /contacts/list: at most 50 {id, name, number} by name, for pickers. */
    pickContacts: build.query<Pick<Contact, 'id' | 'name' | 'number'>[], string>({
      query: (searchParam) => ({ url: 'contacts/list', params: { searchParam } }),
      providesTags: ['Contact'],
    }),
    /** GET /contacts/export (admins): the workbook is handed to the browser as a download. */
    exportContacts: build.mutation<null, void>({
      query: () => ({
        url: 'contacts/export',
        responseHandler: async (response) => {
          if (!response.ok) return response.json().catch(() => null);
          downloadBlob(await response.blob(), 'contatos.xlsx');
          return null;
        },
      }),
    }),
    contact: build.query<Contact, number>({
      query: (id) => `contacts/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Contact', id }],
    }),
    createContact: build.mutation<Contact, ContactInput>({
      query: (body) => ({ url: 'contacts', method: 'POST', body }),
      invalidatesTags: ['Contact'],
    }),
    updateContact: build.mutation<Contact, ContactInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `contacts/${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => ['Contact', { type: 'Contact', id }],
    }),
    deleteContact: build.mutation<void, number>({
      query: (id) => ({ url: `contacts/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Contact'],
    }),
    toggleDisableBot: build.mutation<Contact, number>({
      query: (id) => ({ url: `contacts/toggleDisableBot/${id}`, method: 'PUT' }),
      invalidatesTags: (_result, _error, id) => ['Contact', { type: 'Contact', id }],
    }),
    toggleAcceptAudio: build.mutation<Contact, number>({
      query: (id) => ({ url: `contacts/toggleAcceptAudio/${id}`, method: 'PUT' }),
      invalidatesTags: (_result, _error, id) => ['Contact', { type: 'Contact', id }],
    }),
    blockContact: build.mutation<Contact, { id: number; active: boolean }>({
      query: ({ id, active }) => ({ url: `contacts/block/${id}`, method: 'PUT', body: { active } }),
      invalidatesTags: (_result, _error, { id }) => ['Contact', { type: 'Contact', id }],
    }),
  }),
});

/** Hands a fetched file to the browser as a download. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const {
  useContactsPageInfiniteQuery,
  usePickContactsQuery,
  useExportContactsMutation,
  useListContactsQuery,
  useLazyListContactsQuery,
  useContactQuery,
  useCreateContactMutation,
  useUpdateContactMutation,
  useDeleteContactMutation,
  useToggleDisableBotMutation,
  useToggleAcceptAudioMutation,
  useBlockContactMutation,
} = contactsApi;
