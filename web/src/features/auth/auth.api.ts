import { api } from '../../app/api';
import { sessionCleared, sessionStarted, type SessionUser } from './auth.slice';

interface SessionAnswer {
  token: string;
  user: SessionUser;
}

/** A plan offered on the sign-up page (GET /plans/listPublic). */
export interface PublicPlan {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  amount: number;
  recurrence?: string;
}

/** POST /auth/signup (spec 1 §3 sign-up payload); the phone carries the country code 55. */
export interface SignupRequest {
  name: string;
  companyName: string;
  email: string;
  password: string;
  phone: string;
  planId: number;
  companyId?: number;
  termo: boolean;
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

    publicPlans: build.query<PublicPlan[], void>({ query: () => 'plans/listPublic', providesTags: ['Plan'] }),
    signup: build.mutation<{ message: string; companyId: number; userId: number; dueDate: string }, SignupRequest>({
      query: (body) => ({ url: 'auth/signup', method: 'POST', body }),
    }),

    // Password recovery (DESIGN §7): the server sends, stores and checks the code; a right code yields a
    // short-lived token that alone allows the password change.
    sendRecoveryCode: build.mutation<{ message: string }, { wpp: string }>({
      query: (body) => ({ url: 'api/enviar-email', method: 'POST', body }),
    }),
    verifyRecoveryCode: build.mutation<{ message: string; userId: number; token: string }, { number: string; code: string }>({
      query: ({ number, code }) => ({ url: `api/verificar-code/${encodeURIComponent(number)}`, params: { code } }),
    }),
    resetPassword: build.mutation<{ message: string }, { userId: number; token: string; newPassword: string }>({
      query: (body) => ({ url: 'api/atualizar-senha', method: 'PUT', body }),
    }),
  }),
});

export const {
  useLoginMutation,
  useLogoutMutation,
  useMeQuery,
  usePublicPlansQuery,
  useSignupMutation,
  useSendRecoveryCodeMutation,
  useVerifyRecoveryCodeMutation,
  useResetPasswordMutation,
} = authApi;
