import type { Announcement, AnnouncementEvent } from '@switchboard/sdk/contracts';
import { api } from '../../app/api';
import { realtime } from '../../app/realtime';
import { applyRecordChange, matchesSearch, nextPageNumber, type RecordChange } from '../../components/records/paged-cache';
import { applyActiveChange, type AnnouncementPriority } from './announcement-priority';

export type { Announcement };

/** POST and PUT /announcements: the dialog's fields (the image goes apart, by upload). */
export interface AnnouncementInput {
  title: string;
  text: string;
  priority: AnnouncementPriority;
  status: boolean;
}

interface AnnouncementsPage {
  records: Announcement[];
  count: number;
  hasMore: boolean;
}

function recordChange(event: AnnouncementEvent): RecordChange<Announcement> {
  return event.action === 'delete' ? { action: 'delete', id: event.id } : { action: event.action, record: event.record };
}

const withTags = api.enhanceEndpoints({ addTagTypes: ['Announcement'] });

export const announcementsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** /announcements (super only): GET /announcements page by page, kept live from the 'announcement' event. */
    announcementsPage: build.infiniteQuery<AnnouncementsPage, { searchParam?: string }, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPageNumber },
      query: ({ queryArg: { searchParam }, pageParam }) => ({
        url: 'announcements',
        params: { pageNumber: pageParam, ...(searchParam ? { searchParam } : {}) },
      }),
      providesTags: ['Announcement'],
      async onCacheEntryAdded(args, { updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        await cacheDataLoaded.catch(() => undefined);
        const off = realtime.on('announcement', (event) =>
          updateCachedData((draft) =>
            applyRecordChange(
              draft,
              (page) => page.records,
              recordChange(event),
              (record) => matchesSearch(args.searchParam, record.title),
            ),
          ),
        );
        await cacheEntryRemoved;
        off();
      },
    }),
    /** The top bar's popover (every user): GET /announcements/active, kept live from the 'announcement' event. */
    activeAnnouncements: build.query<Announcement[], void>({
      query: () => 'announcements/active',
      providesTags: ['Announcement'],
      async onCacheEntryAdded(_args, { updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        await cacheDataLoaded.catch(() => undefined);
        const off = realtime.on('announcement', (event) => updateCachedData((draft) => applyActiveChange(draft, event)));
        await cacheEntryRemoved;
        off();
      },
    }),
    announcement: build.query<Announcement, number>({
      query: (id) => `announcements/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Announcement', id }],
    }),
    createAnnouncement: build.mutation<Announcement, AnnouncementInput>({
      query: (body) => ({ url: 'announcements', method: 'POST', body }),
      invalidatesTags: ['Announcement'],
    }),
    updateAnnouncement: build.mutation<Announcement, AnnouncementInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `announcements/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Announcement'],
    }),
    deleteAnnouncement: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `announcements/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Announcement'],
    }),
    /** POST /announcements/:id/media-upload (multipart `file`): attaches or replaces the image. */
    attachAnnouncementImage: build.mutation<Announcement, { id: number; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: `announcements/${id}/media-upload`, method: 'POST', body };
      },
      invalidatesTags: ['Announcement'],
    }),
    detachAnnouncementImage: build.mutation<Announcement, number>({
      query: (id) => ({ url: `announcements/${id}/media-upload`, method: 'DELETE' }),
      invalidatesTags: ['Announcement'],
    }),
  }),
});

export const {
  useAnnouncementsPageInfiniteQuery,
  useActiveAnnouncementsQuery,
  useAnnouncementQuery,
  useCreateAnnouncementMutation,
  useUpdateAnnouncementMutation,
  useDeleteAnnouncementMutation,
  useAttachAnnouncementImageMutation,
  useDetachAnnouncementImageMutation,
} = announcementsApi;

/**
 * Where an announcement's image is read (GET /announcements/:id/media, for every signed-in user), as an absolute
 * address so the media fetcher sends the bearer token to it; the stored path keeps a replaced image from the cache.
 */
export function announcementImageAddress(announcement: Pick<Announcement, 'id' | 'mediaPath'>): string | null {
  if (!announcement.mediaPath) return null;
  return `${window.location.origin}/announcements/${announcement.id}/media?v=${encodeURIComponent(announcement.mediaPath)}`;
}
