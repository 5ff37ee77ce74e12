import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { sessionCleared, sessionRefreshed, type SessionUser } from '../features/auth/auth.slice';

interface AuthState {
  auth: { token: string | null; user: SessionUser | null };
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
 * Refreshes the session: a new access token for the refresh cookie, which the server replaces at each use. Everyone
 * needing it at once (requests answered 403, the socket refused at its handshake) shares one call, and tabs take
 * turns (Web Locks): a cookie sent twice counts as stolen and ends the session. Answers whether it worked; a refused
 * refresh clears the session.
 */
export function refreshSession(dispatch: (action: unknown) => unknown): Promise<boolean> {
  const run = async (): Promise<boolean> => {
    let response: Response;
    try {
      response = await fetch('/auth/refresh_token', { method: 'POST', credentials: 'include', headers: { accept: 'application/json' } });
    } catch {
      return false; // offline: keep the session for the next try
    }
    const data = response.ok
      ? ((await response.json().catch(() => undefined)) as { token?: string; user?: SessionUser } | undefined)
      : undefined;
    if (data?.token && data.user) {
      dispatch(sessionRefreshed({ token: data.token, user: data.user }));
      return true;
    }
    dispatch(sessionCleared());
    return false;
  };
  const locked = (): Promise<boolean> =>
    typeof navigator !== 'undefined' && navigator.locks
      ? navigator.locks.request('switchboard-session-refresh', run).then((ok) => ok)
      : run();
  const current = (refreshing ??= locked().finally(() => {
    refreshing = null;
  }));
  return current;
}

/**
 * Spec 1 §4: a 403 (expired access token) triggers one token refresh and a retry; a 401 (ended session, suspended
 * company) clears the session. A subscription that expires during the session (403 ERR_SUBSCRIPTION_EXPIRED)
 * refreshes the session too, whose user then says expired, so the route guard shows /financeiro-aberto.
 */
const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, apiContext, extra) => {
  let result = await rawBaseQuery(args, apiContext, extra);
  const state = apiContext.getState() as AuthState;
  const hadToken = Boolean(state.auth.token);
  if (result.error?.status === 403 && hadToken && errorCode(result.error) === 'ERR_SESSION_EXPIRED') {
    if (await refreshSession(apiContext.dispatch)) result = await rawBaseQuery(args, apiContext, extra);
  } else if (result.error?.status === 403 && hadToken && errorCode(result.error) === 'ERR_SUBSCRIPTION_EXPIRED') {
    if (!state.auth.user?.expired) void refreshSession(apiContext.dispatch);
  } else if (result.error?.status === 401 && hadToken) {
    apiContext.dispatch(sessionCleared());
  }
  return result;
};

/** The server's error code: a 403 for a role or plan rule is final, only a token problem is worth a refresh. */
function errorCode(error: FetchBaseQueryError): string | undefined {
  return (error.data as { error?: string } | undefined)?.error;
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
    'QueueIntegration',
    'Prompt',
    'FileList',
    'Company',
    'Help',
  ],
  endpoints: () => ({}),
});
