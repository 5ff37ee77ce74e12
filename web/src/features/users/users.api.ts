import { api } from '../../app/api';
import { realtime } from '../../app/realtime';
import { matchesSearch, nextPageNumber, removeRecord, upsertRecord } from '../../components/records/paged-cache';
import type { UserSummary, CompanyUser, UserEvent } from '@switchboard/sdk/contracts';

export type { UserSummary, CompanyUser };

/** The body of POST /users and PUT /users/:id from the user dialog (password omitted on edit to keep it). */
export interface UserInput {
  name: string;
  email: string;
  password?: string;
  profile: string;
  queueIds: number[];
  startWork: string;
  endWork: string;
  farewellMessage: string;
  allTicket: 'enable' | 'disable';
  allowGroup: boolean;
  showDashboard: 'enabled' | 'disabled';
  allowRealTime: 'enabled' | 'disabled';
  allowConnections: 'enabled' | 'disabled';
  whatsappId: number | null;
}

interface UsersPage {
  users: CompanyUser[];
  hasMore: boolean;
  count: number;
}

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /users/list: the company's users for pickers (transfer, filters). */
    listUsers: build.query<UserSummary[], void>({ query: () => 'users/list', providesTags: ['User'] }),
    /** GET /users/:id: one user (an admin, or the user themself). */
    user: build.query<UserSummary, number>({
      query: (id) => `users/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
    /** The users screen: GET /users page by page (20 each, searched by name or e-mail), kept live from 'user' events. */
    usersPage: build.infiniteQuery<UsersPage, { searchParam?: string }, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPageNumber },
      query: ({ queryArg: { searchParam }, pageParam }) => ({
        url: 'users',
        params: { pageNumber: pageParam, ...(searchParam ? { searchParam } : {}) },
      }),
      providesTags: ['User'],
      async onCacheEntryAdded(args, { updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        await cacheDataLoaded.catch(() => undefined);
        const off = realtime.on('user', (event: UserEvent) =>
          updateCachedData((draft) => {
            const pages = (page: UsersPage) => page.users;
            if (event.action === 'delete') {
              removeRecord(draft, pages, event.userId);
              return;
            }
            const insert = event.action === 'create' && matchesSearch(args.searchParam, event.user.name, event.user.email);
            if (upsertRecord(draft, pages, event.user, insert) && event.action === 'create') draft.pages[0].count += 1;
          }),
        );
        await cacheEntryRemoved;
        off();
      },
    }),
    createUser: build.mutation<CompanyUser, UserInput>({
      query: (body) => ({ url: 'users', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    deleteUser: build.mutation<void, number>({
      query: (id) => ({ url: `users/${id}`, method: 'DELETE' }),
      invalidatesTags: ['User'],
    }),
    updateUser: build.mutation<UserSummary, { id: number; [field: string]: unknown }>({
      query: ({ id, ...body }) => ({ url: `users/${id}`, method: 'PUT', body }),
      invalidatesTags: ['User', 'Me'],
    }),
    /** POST /users/:id/media-upload (multipart userId, typeArch, profileImage): answers the updated user. */
    uploadUserImage: build.mutation<{ user: UserSummary }, { id: number; image: Blob; fileName: string }>({
      query: ({ id, image, fileName }) => {
        const form = new FormData();
        form.append('userId', String(id));
        form.append('typeArch', 'user');
        form.append('profileImage', image, fileName);
        return { url: `users/${id}/media-upload`, method: 'POST', body: form };
      },
      invalidatesTags: (_result, _error, { id }) => ['User', { type: 'User', id }, 'Me'],
    }),
    /** DELETE /users/:id/media: removes the profile picture; answers the updated user. */
    removeUserImage: build.mutation<{ user: UserSummary }, number>({
      query: (id) => ({ url: `users/${id}/media`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => ['User', { type: 'User', id }, 'Me'],
    }),
  }),
});

export const {
  useListUsersQuery,
  useUserQuery,
  useUsersPageInfiniteQuery,
  useCreateUserMutation,
  useDeleteUserMutation,
  useUpdateUserMutation,
  useUploadUserImageMutation,
  useRemoveUserImageMutation,
} = usersApi;
