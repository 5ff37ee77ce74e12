import { api } from '../../app/api';

export interface UserSummary {
  id: number;
  name: string;
  email?: string;
  profile?: string;
  online?: boolean;
  queues?: { id: number; name: string; color: string }[];
  [field: string]: unknown;
}

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /users/list: the company's users for pickers (transfer, filters). */
    listUsers: build.query<UserSummary[], void>({ query: () => 'users/list', providesTags: ['User'] }),
    updateUser: build.mutation<UserSummary, { id: number; [field: string]: unknown }>({
      query: ({ id, ...body }) => ({ url: `users/${id}`, method: 'PUT', body }),
      invalidatesTags: ['User', 'Me'],
    }),
  }),
});

export const { useListUsersQuery, useUpdateUserMutation } = usersApi;
