import { api } from '../../app/api';
import { sessionCleared, sessionStarted, type SessionUser } from './auth.slice';

interface SessionAnswer {
  token: string;
  user: SessionUser;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<SessionAnswer, { email: string; password: string }>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(sessionStarted(data));
      },
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: 'auth/logout', method: 'DELETE' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await queryFulfilled.catch(() => undefined);
        dispatch(sessionCleared());
        dispatch(api.util.resetApiState());
      },
    }),
    me: build.query<SessionUser, void>({ query: () => 'auth/me', providesTags: ['Me'] }),
  }),
});

export const { useLoginMutation, useLogoutMutation, useMeQuery } = authApi;
