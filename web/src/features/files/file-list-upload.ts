import { useCallback, useState } from 'react';
import { api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { store } from '../../app/store';
import { authApi } from '../auth/auth.api';
import type { FileList } from './files.api';

/** A file chosen in the dialog for one option of the saved list. */
export interface OptionFile {
  optionId: number;
  file: File;
}

interface UploadFailure {
  status: number;
  data: unknown;
}

/**
 * POST /files/uploadList/:id (spec 3 §7) with XMLHttpRequest, the one browser API that reports upload progress: per
 * file its `files` part, `mediaType`, `name` and option `id`, in the same order, so the i-th file is the i-th id's.
 */
function post(fileListId: number, files: OptionFile[], token: string | null, onProgress: (percent: number) => void): Promise<FileList> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/files/uploadList/${fileListId}`);
    request.withCredentials = true;
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(request.responseText);
      } catch {
        data = null;
      }
      if (request.status >= 200 && request.status < 300) resolve(data as FileList);
      else reject({ status: request.status, data } satisfies UploadFailure);
    };
    request.onerror = () => reject({ status: 0, data: null } satisfies UploadFailure);
    const form = new FormData();
    form.append('fileId', String(fileListId));
    form.append('typeArch', 'fileList');
    for (const { optionId, file } of files) {
      form.append('files', file);
      form.append('mediaType', file.type);
      form.append('name', file.name);
      form.append('id', String(optionId));
    }
    request.send(form);
  });
}

/**
 * Uploads the chosen files of a saved list, with the percentage sent (null while idle). An expired access token is
 * refreshed (by asking for /auth/me through the api) and the upload tried once more.
 */
export function useFileListUpload() {
  const dispatch = useAppDispatch();
  const [percent, setPercent] = useState<number | null>(null);

  const upload = useCallback(
    async (fileListId: number, files: OptionFile[]) => {
      const attempt = () => post(fileListId, files, store.getState().auth.token, setPercent);
      setPercent(0);
      try {
        try {
          return await attempt();
        } catch (error) {
          const failure = error as UploadFailure;
          if (failure.status !== 403 || (failure.data as { error?: string } | null)?.error !== 'ERR_SESSION_EXPIRED') throw error;
          await dispatch(authApi.endpoints.me.initiate(undefined, { forceRefetch: true, subscribe: false }));
          return await attempt();
        }
      } finally {
        setPercent(null);
        dispatch(api.util.invalidateTags(['FileList']));
      }
    },
    [dispatch],
  );

  return { upload, percent };
}
