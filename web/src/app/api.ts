import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { sessionCleared, sessionRefreshed, type SessionUser } from '../features/auth/auth.slice';

interface AuthState {
  auth: { token: string | null };
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/',
  credentials: 'include',
  prepareHeaders: (headers, { getState }) => {
    const token = (getState() as AuthState).auth.token;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

let refreshing: Promise<boolean> | null = null;

/**
 * Spec 1 §4: a 403 (expired access token) triggers one token refresh and a retry; a 401 (ended session)
 * clears the session. Concurrent 403s share one refresh call.
 */
const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, apiContext, extra) => {
  let result = await rawBaseQuery(args, apiContext, extra);
  const hadToken = Boolean((apiContext.getState() as AuthState).auth.token);
  if (result.error?.status === 403 && hadToken && isTokenError(result.error)) {
    refreshing ??= (async () => {
      const refreshed = await rawBaseQuery({ url: 'auth/refresh_token', method: 'POST' }, apiContext, extra);
      const data = refreshed.data as { token: string; user: SessionUser } | undefined;
      if (data?.token) {
        apiContext.dispatch(sessionRefreshed(data));
        return true;
      }
      apiContext.dispatch(sessionCleared());
      return false;
    })().finally(() => {
      refreshing = null;
    });
    if (await refreshing) result = await rawBaseQuery(args, apiContext, extra);
  } else if (result.error?.status === 401 && hadToken) {
    apiContext.dispatch(sessionCleared());
  }
  return result;
};

/** A 403 for a role or plan rule is final; only a token problem is worth a refresh. */
function isTokenError(error: FetchBaseQueryError): boolean {
  return (error.data as { error?: string } | undefined)?.error === 'ERR_SESSION_EXPIRED';
}

/** The one RTK Query api; each feature injects its endpoints (`api.injectEndpoints`). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: [
    'Me',
    'Ticket',
    'Message',
    'Contact',
    'Tag',
    'QuickMessage',
    'Schedule',
    'User',
    'Queue',
    'Connection',
    'Setting',
    'Note',
    'Plan',
    'Plugin',
  ],
  endpoints: () => ({}),
});
