import { api } from '../../app/api';
import { realtime } from '../../app/realtime';
import { matchesSearch, nextPageNumber, removeRecord, upsertRecord } from '../../components/records/paged-cache';
import type { FileList, FileListEvent, FileOption } from '@switchboard/sdk/contracts';

export type { FileList, FileOption };

/** POST and PUT /files: an option with an id keeps it (renamed), one without is added, one left out is removed. */
export interface FileListInput {
  name: string;
  message: string | null;
  options: { id?: number; name: string }[];
}

interface FileListsPage {
  files: FileList[];
  count: number;
  hasMore: boolean;
}

export const filesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The /files page: GET /files page by page, kept live from the company's 'file' socket event (spec 3 §4). */
    fileListRecords: build.infiniteQuery<FileListsPage, { searchParam?: string }, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPageNumber },
      query: ({ queryArg: { searchParam }, pageParam }) => ({
        url: 'files',
        params: { pageNumber: pageParam, ...(searchParam ? { searchParam } : {}) },
      }),
      providesTags: ['FileList'],
      async onCacheEntryAdded(args, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        await cacheDataLoaded.catch(() => undefined);
        const off = realtime.on('file', (event: FileListEvent) => {
          if (event.action === 'reload') {
            dispatch(api.util.invalidateTags(['FileList']));
            return;
          }
          updateCachedData((draft) => {
            const pages = (page: FileListsPage) => page.files;
            if (event.action === 'delete') {
              removeRecord(draft, pages, event.fileId);
              return;
            }
            const insert = event.action === 'create' && matchesSearch(args.searchParam, event.fileList.name);
            if (upsertRecord(draft, pages, event.fileList, insert) && event.action === 'create') draft.pages[0].count += 1;
          });
        });
        await cacheEntryRemoved;
        off();
      },
    }),
    fileList: build.query<FileList, number>({
      query: (id) => `files/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'FileList', id }],
    }),
    createFileList: build.mutation<FileList, FileListInput>({
      query: (body) => ({ url: 'files', method: 'POST', body }),
      invalidatesTags: ['FileList'],
    }),
    updateFileList: build.mutation<FileList, FileListInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `files/${id}`, method: 'PUT', body }),
      invalidatesTags: ['FileList'],
    }),
    deleteFileList: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `files/${id}`, method: 'DELETE' }),
      invalidatesTags: ['FileList'],
    }),
  }),
});

export const {
  useFileListRecordsInfiniteQuery,
  useFileListQuery,
  useCreateFileListMutation,
  useUpdateFileListMutation,
  useDeleteFileListMutation,
} = filesApi;

/** What a stored option's file is called: its stored name without the `{optionId}-{random}-` prefix the server adds. */
export function storedFileName(option: Pick<FileOption, 'path'>): string | null {
  const last = option.path?.split('/').pop();
  return last ? last.replace(/^\d+-[0-9a-f]+-/, '') : null;
}
