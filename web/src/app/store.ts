import { configureStore } from '@reduxjs/toolkit';
import { api } from './api';
import { authSlice } from '../features/auth/auth.slice';

export const store = configureStore({
  reducer: { [api.reducerPath]: api.reducer, [authSlice.name]: authSlice.reducer },
  middleware: (getDefault) => getDefault().concat(api.middleware),
});

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
