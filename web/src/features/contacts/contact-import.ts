import { useCallback, useState } from 'react';
import { api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { uploadForm } from '../../app/upload';
import type { ContactImportResult } from './contacts.api';

export type ContactImportState =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'processing' }
  | { phase: 'done'; result: ContactImportResult }
  | { phase: 'failed'; error: unknown };

/**
 * Imports a contact spreadsheet (POST /contacts/upload), reporting the upload percentage, then the server's
 * processing, then its counts; the contact and tag lists are refetched afterwards.
 */
export function useContactImport() {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<ContactImportState>({ phase: 'idle' });

  const start = useCallback(
    async (file: File) => {
      setState({ phase: 'uploading', percent: 0 });
      try {
        const result = await uploadForm<ContactImportResult>({
          url: '/contacts/upload',
          form: () => {
            const form = new FormData();
            form.append('file', file);
            return form;
          },
          dispatch,
          onProgress: (percent) => setState({ phase: 'uploading', percent }),
          onSent: () => setState({ phase: 'processing' }),
        });
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
