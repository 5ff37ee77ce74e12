import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Profile } from '@switchboard/sdk/contracts';

/** The signed-in user as `/auth/login`, `/auth/refresh_token` and `/auth/me` answer it. */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  profile: Profile;
  super: boolean;
  companyId: number;
  company: {
    id: number;
    name: string;
    dueDate: string | null;
    /** IANA zone the company's schedules and hours are read in. */
    timezone?: string | null;
    plan?: Record<string, unknown> | null;
    settings?: Record<string, unknown>;
  };
  settings?: Record<string, unknown>;
  dueDate: string | null;
  expired: boolean;
  queues: { id: number; name: string; color: string }[];
  allTicket?: string;
  allowGroup?: boolean;
  showDashboard?: string;
  allowRealTime?: string;
  allowConnections?: string;
  defaultTheme?: string;
  defaultMenu?: string;
  language?: string | null;
  profileImage?: string | null;
  wpp?: string | null;
  [field: string]: unknown;
}

interface AuthState {
  token: string | null;
  user: SessionUser | null;
}

const TOKEN_KEY = 'token';
const USER_KEY = 'user';

function readStored(): AuthState {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const user = localStorage.getItem(USER_KEY);
    return { token: token ? (JSON.parse(token) as string) : null, user: user ? (JSON.parse(user) as SessionUser) : null };
  } catch {
    return { token: null, user: null };
  }
}

function store(state: AuthState): void {
  if (state.token) localStorage.setItem(TOKEN_KEY, JSON.stringify(state.token));
  else localStorage.removeItem(TOKEN_KEY);
  if (state.user) localStorage.setItem(USER_KEY, JSON.stringify(state.user));
  else localStorage.removeItem(USER_KEY);
}

/** Session data held locally (spec 1 §3): the token and the user with company, settings and due date. */
export const authSlice = createSlice({
  name: 'auth',
  initialState: readStored,
  reducers: {
    sessionStarted(state, action: PayloadAction<{ token: string; user: SessionUser }>) {
      state.token = action.payload.token;
      state.user = action.payload.user;
      store(state);
    },
    sessionRefreshed(state, action: PayloadAction<{ token: string; user: SessionUser }>) {
      state.token = action.payload.token;
      state.user = action.payload.user;
      store(state);
    },
    userUpdated(state, action: PayloadAction<Partial<SessionUser>>) {
      if (!state.user) return;
      state.user = { ...state.user, ...action.payload };
      store(state);
    },
    /** A confirmed payment renewed the company's licence (spec 2 §4): the route guard lets the user in again. */
    licenceRenewed(state, action: PayloadAction<{ dueDate: string }>) {
      if (!state.user) return;
      state.user.dueDate = action.payload.dueDate;
      state.user.expired = false;
      if (state.user.company) state.user.company.dueDate = action.payload.dueDate;
      store(state);
    },
    sessionCleared(state) {
      state.token = null;
      state.user = null;
      store(state);
    },
  },
});

export const { sessionStarted, sessionRefreshed, userUpdated, licenceRenewed, sessionCleared } = authSlice.actions;
