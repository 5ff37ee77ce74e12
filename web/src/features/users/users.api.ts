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
    /** GET /users/:id: one user (an admin, or the user themself). */
    user: build.query<UserSummary, number>({
      query: (id) => `users/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
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

export const { useListUsersQuery, useUserQuery, useUpdateUserMutation, useUploadUserImageMutation, useRemoveUserImageMutation } = usersApi;
