import type { AppDispatch } from './store';
import { store } from './store';
import { authApi } from '../features/auth/auth.api';

/** A refused upload: the HTTP status (0 when the network failed) and the parsed answer, as the error toasts read it. */
export interface UploadFailure {
  status: number;
  data: unknown;
}

function send(url: string, form: FormData, onProgress?: (percent: number) => void, onSent?: () => void): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    const token = store.getState().auth.token;
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    if (onSent) request.upload.onload = onSent;
    request.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(request.responseText);
      } catch {
        data = null;
      }
      if (request.status >= 200 && request.status < 300) resolve(data);
      else reject({ status: request.status, data } satisfies UploadFailure);
    };
    request.onerror = () => reject({ status: 0, data: null } satisfies UploadFailure);
    request.send(form);
  });
}

function expiredSession(error: unknown): boolean {
  const failure = error as UploadFailure;
  return failure.status === 403 && (failure.data as { error?: string } | null)?.error === 'ERR_SESSION_EXPIRED';
}

/**
 * POSTs a form as the signed-in user with XMLHttpRequest, the one browser API that reports upload progress. An
 * expired access token is refreshed (through the api's own refresh, by asking for /auth/me) and the form sent once
 * more; `form` builds it afresh for that second try.
 */
export async function uploadForm<T>(options: {
  url: string;
  form: () => FormData;
  dispatch: AppDispatch;
  onProgress?: (percent: number) => void;
  /** The last byte left the browser: the server is working on it. */
  onSent?: () => void;
}): Promise<T> {
  const attempt = () => send(options.url, options.form(), options.onProgress, options.onSent) as Promise<T>;
  try {
    return await attempt();
  } catch (error) {
    if (!expiredSession(error)) throw error;
    await options.dispatch(authApi.endpoints.me.initiate(undefined, { forceRefetch: true, subscribe: false }));
    return attempt();
  }
}
