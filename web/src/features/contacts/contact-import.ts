import { useCallback, useState } from 'react';
import { api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { store } from '../../app/store';
import { authApi } from '../auth/auth.api';
import type { ContactImportResult } from './contacts.api';

export type ContactImportState =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'processing' }
  | { phase: 'done'; result: ContactImportResult }
  | { phase: 'failed'; error: unknown };

interface UploadFailure {
  status: number;
  data: unknown;
}

/** POST /contacts/upload with XMLHttpRequest, the one browser API that reports upload progress. */
function upload(file: File, token: string | null, onProgress: (percent: number) => void, onSent: () => void): Promise<ContactImportResult> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/contacts/upload');
    request.withCredentials = true;
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.upload.onload = onSent;
    request.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(request.responseText);
      } catch {
        data = null;
      }
      if (request.status >= 200 && request.status < 300) resolve(data as ContactImportResult);
      else reject({ status: request.status, data } satisfies UploadFailure);
    };
    request.onerror = () => reject({ status: 0, data: null } satisfies UploadFailure);
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}

function expiredSession(error: unknown): boolean {
  const failure = error as UploadFailure;
  return failure.status === 403 && (failure.data as { error?: string } | null)?.error === 'ERR_SESSION_EXPIRED';
}

/**
 * Imports a contact spreadsheet, reporting the upload percentage, then the server's processing, then its counts.
 * An expired access token is refreshed (through the api's own refresh, by asking for /auth/me) and the upload
 * tried once more; the contact and tag lists are refetched afterwards.
 */
export function useContactImport() {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<ContactImportState>({ phase: 'idle' });

  const start = useCallback(
    async (file: File) => {
      const attempt = () =>
        upload(
          file,
          store.getState().auth.token,
          (percent) => setState({ phase: 'uploading', percent }),
          () => setState({ phase: 'processing' }),
        );
      setState({ phase: 'uploading', percent: 0 });
      try {
        let result: ContactImportResult;
        try {
          result = await attempt();
        } catch (error) {
          if (!expiredSession(error)) throw error;
          await dispatch(authApi.endpoints.me.initiate(undefined, { forceRefetch: true, subscribe: false }));
          result = await attempt();
        }
        setState({ phase: 'done', result });
        dispatch(api.util.invalidateTags(['Contact', 'Tag']));
        return result;
      } catch (error) {
        setState({ phase: 'failed', error });
        throw error;
      }
    },
    [dispatch],
  );

  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, start, reset };
}
