import { api } from '../../app/api';
import { nextPageNumber } from '../../components/records/paged-cache';

/** A help entry (spec 2 §3): a video code (a YouTube video id) with its title and description. */
export interface Help {
  id: number;
  title: string;
  video: string | null;
  description: string | null;
}

/** POST and PUT /helps. */
export type HelpInput = Omit<Help, 'id'>;

interface HelpsPage {
  helps: Help[];
  count: number;
  hasMore: boolean;
}

export const helpsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /helps/list: every help video, for every signed-in user. */
    listHelps: build.query<Help[], void>({ query: () => 'helps/list', providesTags: ['Help'] }),
    /** The settings' helps tab (super only): GET /helps page by page, searched. */
    helpsPage: build.infiniteQuery<HelpsPage, { searchParam?: string }, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPageNumber },
      query: ({ queryArg: { searchParam }, pageParam }) => ({
        url: 'helps',
        params: { pageNumber: pageParam, ...(searchParam ? { searchParam } : {}) },
      }),
      providesTags: ['Help'],
    }),
    createHelp: build.mutation<Help, HelpInput>({
      query: (body) => ({ url: 'helps', method: 'POST', body }),
      invalidatesTags: ['Help'],
    }),
    updateHelp: build.mutation<Help, HelpInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `helps/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Help'],
    }),
    deleteHelp: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `helps/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Help'],
    }),
  }),
});

export const { useListHelpsQuery, useHelpsPageInfiniteQuery, useCreateHelpMutation, useUpdateHelpMutation, useDeleteHelpMutation } =
  helpsApi;

/** The video's still image, as YouTube serves it for a video id. */
export function helpThumbnailUrl(video: string): string {
  return `https://img.youtube.com/vi/${encodeURIComponent(video)}/0.jpg`;
}

/** The embeddable player of a video id. */
export function helpPlayerUrl(video: string): string {
  return `https://www.youtube.com/embed/${encodeURIComponent(video)}?autoplay=1`;
}

/**
 * The video code to store from what was typed: a YouTube address pasted whole (watch?v=, youtu.be/, embed/,
 * shorts/) gives its id; anything else is taken as the code itself.
 */
export function helpVideoCode(typed: string): string {
  const text = typed.trim();
  let address: URL;
  try {
    address = new URL(text);
  } catch {
    return text;
  }
  const host = address.hostname.replace(/^(www|m)\./, '');
  if (host === 'youtu.be') return address.pathname.split('/')[1] || text;
  if (host !== 'youtube.com' && host !== 'youtube-nocookie.com') return text;
  const fromQuery = address.searchParams.get('v');
  if (fromQuery) return fromQuery;
  const [kind, id] = address.pathname.split('/').slice(1);
  return (kind === 'embed' || kind === 'shorts') && id ? id : text;
}
