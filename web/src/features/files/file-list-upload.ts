import { useCallback, useState } from 'react';
import { api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { uploadForm } from '../../app/upload';
import type { FileList } from './files.api';

/** A file chosen in the dialog for one option of the saved list. */
export interface OptionFile {
  optionId: number;
  file: File;
}

/**
 * The form of POST /files/uploadList/:id (spec 3 §7): per file its `files` part, `mediaType`, `name` and option `id`,
 * in the same order, so the i-th file is the i-th id's.
 */
function uploadListForm(fileListId: number, files: OptionFile[]): FormData {
  const form = new FormData();
  form.append('fileId', String(fileListId));
  form.append('typeArch', 'fileList');
  for (const { optionId, file } of files) {
    form.append('files', file);
    form.append('mediaType', file.type);
    form.append('name', file.name);
    form.append('id', String(optionId));
  }
  return form;
}

/** Uploads the chosen files of a saved list, with the percentage sent (null while idle). */
export function useFileListUpload() {
  const dispatch = useAppDispatch();
  const [percent, setPercent] = useState<number | null>(null);

  const upload = useCallback(
    async (fileListId: number, files: OptionFile[]) => {
      setPercent(0);
      try {
        return await uploadForm<FileList>({
          url: `/files/uploadList/${fileListId}`,
          form: () => uploadListForm(fileListId, files),
          dispatch,
          onProgress: setPercent,
        });
      } finally {
        setPercent(null);
        dispatch(api.util.invalidateTags(['FileList']));
      }
    },
    [dispatch],
  );

  return { upload, percent };
}
