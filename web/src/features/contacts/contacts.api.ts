import { api } from '../../app/api';

/** A contact as the API answers it (spec 1 §3). */
export interface Contact {
  id: number;
  name: string;
  number: string;
  email: string | null;
  profilePicUrl?: string | null;
  urlPicture?: string | null;
  active: boolean;
  channel: string | null;
  isGroup: boolean;
  disableBot: boolean;
  acceptAudioMessage: boolean;
  lgpdAcceptedAt?: string | null;
  tags?: { id: number; name: string; color: string | null }[];
  extraInfo?: { id?: number; name: string; value: string }[];
  [field: string]: unknown;
}

export interface ContactInput {
  name: string;
  number: string;
  email?: string;
  extraInfo?: { id?: number; name: string; value: string }[];
  disableBot?: boolean;
  [field: string]: unknown;
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

export const {
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
