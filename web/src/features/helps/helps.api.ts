import { api } from '../../app/api';

/** A help entry (spec 2 §3): a video code (a YouTube video id) with its title and description. */
export interface Help {
  id: number;
  title: string;
  video: string | null;
  description: string | null;
}

export const helpsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /helps/list: every help video, for every signed-in user. */
    listHelps: build.query<Help[], void>({ query: () => 'helps/list' }),
  }),
});

export const { useListHelpsQuery } = helpsApi;

/** The video's still image, as YouTube serves it for a video id. */
export function helpThumbnailUrl(video: string): string {
  return `https://img.youtube.com/vi/${encodeURIComponent(video)}/0.jpg`;
}

/** The embeddable player of a video id. */
export function helpPlayerUrl(video: string): string {
  return `https://www.youtube.com/embed/${encodeURIComponent(video)}?autoplay=1`;
}
