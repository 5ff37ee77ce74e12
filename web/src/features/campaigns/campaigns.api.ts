import { api } from '../../app/api';
import { realtime } from '../../app/realtime';
import { applyRecordChange, matchesSearch, nextPageNumber, type RecordChange } from '../../components/records/paged-cache';
import type { CampaignEvent, ContactList } from '@switchboard/sdk/contracts';
import type { Campaign, CampaignInput } from './campaign-rules';

interface CampaignsPage {
  records: Campaign[];
  hasMore: boolean;
  count: number;
}

/** A custom variable offered in campaign messages as {key} (spec 3 §3). */
export interface CampaignVariable {
  key: string;
  value: string;
}

/** The campaign settings (spec 3 §3, §9): the sending intervals and the custom variables. */
export interface CampaignSettings {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
  variables: CampaignVariable[];
}

export const DEFAULT_CAMPAIGN_SETTINGS: CampaignSettings = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
};

/** GET /campaign-settings answers key/value rows whose value is JSON; unknown keys and unreadable values are skipped. */
export function readCampaignSettings(rows: { key: string; value: string }[]): CampaignSettings {
  const settings: CampaignSettings = { ...DEFAULT_CAMPAIGN_SETTINGS };
  for (const { key, value } of rows) {
    if (!(key in settings)) continue;
    try {
      (settings as unknown as Record<string, unknown>)[key] = typeof value === 'string' ? JSON.parse(value) : value;
    } catch {
      /* a value that is not JSON keeps the default */
    }
  }
  return settings;
}

/** Spec 3 §9: the report reads the campaign again 5 s after an update says it finished. */
export const FINISHED_RELOAD_MS = 5000;

const campaignsTagged = api.enhanceEndpoints({ addTagTypes: ['Campaign', 'CampaignSettings'] });

export const campaignsApi = campaignsTagged.injectEndpoints({
  endpoints: (build) => ({
    /** GET /campaigns page by page, kept live from the 'campaign' socket event (spec 3 §4 Live lists). */
    campaignsPage: build.infiniteQuery<CampaignsPage, { searchParam?: string }, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPageNumber },
      query: ({ queryArg: { searchParam }, pageParam }) => ({
        url: 'campaigns',
        params: { pageNumber: pageParam, ...(searchParam ? { searchParam: searchParam.toLowerCase() } : {}) },
      }),
      providesTags: ['Campaign'],
      async onCacheEntryAdded(args, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        await cacheDataLoaded.catch(() => undefined);
        const off = realtime.on('campaign', (event: CampaignEvent) => {
          if (event.action === 'reload') {
            dispatch(campaignsApi.util.invalidateTags(['Campaign']));
            return;
          }
          const change: RecordChange<Campaign> =
            event.action === 'delete' ? { action: 'delete', id: event.id } : { action: event.action, record: event.record };
          updateCachedData((draft) =>
            applyRecordChange(
              draft,
              (page) => page.records,
              change,
              (campaign) => matchesSearch(args.searchParam, campaign.name),
            ),
          );
        });
        await cacheEntryRemoved;
        off();
      },
    }),
    /** GET /campaigns/:id with its report counts, which its 'campaign' events bring up to date. */
    campaign: build.query<Campaign, number>({
      query: (id) => `campaigns/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Campaign', id }],
      async onCacheEntryAdded(id, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch }) {
        await cacheDataLoaded.catch(() => undefined);
        let reload: ReturnType<typeof setTimeout> | undefined;
        const off = realtime.on('campaign', (event: CampaignEvent) => {
          if (event.action !== 'update' || event.record.id !== id) return;
          updateCachedData((draft) => ({ ...draft, ...event.record }));
          // Spec 3 §4: the last deliveries may land after the status says finished, so the report reads it again.
          if (event.record.status === 'FINALIZADA') {
            clearTimeout(reload);
            reload = setTimeout(() => dispatch(campaignsApi.util.invalidateTags([{ type: 'Campaign', id }])), FINISHED_RELOAD_MS);
          }
        });
        await cacheEntryRemoved;
        clearTimeout(reload);
        off();
      },
    }),
    createCampaign: build.mutation<Campaign, CampaignInput>({
      query: (body) => ({ url: 'campaigns', method: 'POST', body }),
      invalidatesTags: ['Campaign'],
    }),
    updateCampaign: build.mutation<Campaign, Partial<CampaignInput> & { id: number }>({
      query: ({ id, ...body }) => ({ url: `campaigns/${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => ['Campaign', { type: 'Campaign', id }],
    }),
    deleteCampaign: build.mutation<void, number>({
      query: (id) => ({ url: `campaigns/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Campaign'],
    }),
    cancelCampaign: build.mutation<unknown, number>({
      query: (id) => ({ url: `campaigns/${id}/cancel`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => ['Campaign', { type: 'Campaign', id }],
    }),
    restartCampaign: build.mutation<unknown, number>({
      query: (id) => ({ url: `campaigns/${id}/restart`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => ['Campaign', { type: 'Campaign', id }],
    }),
    /** POST /campaigns/:id/media-upload (multipart `file`): attaches or replaces the campaign's file. */
    attachCampaignMedia: build.mutation<Campaign, { id: number; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: `campaigns/${id}/media-upload`, method: 'POST', body };
      },
      invalidatesTags: (_result, _error, { id }) => ['Campaign', { type: 'Campaign', id }],
    }),
    detachCampaignMedia: build.mutation<Campaign, number>({
      query: (id) => ({ url: `campaigns/${id}/media-upload`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => ['Campaign', { type: 'Campaign', id }],
    }),
    /** GET /contact-lists/list: every contact list of the company, for the campaign's recipients. */
    campaignContactLists: build.query<ContactList[], void>({ query: () => 'contact-lists/list' }),
    campaignSettings: build.query<CampaignSettings, void>({
      query: () => 'campaign-settings',
      transformResponse: readCampaignSettings,
      providesTags: ['CampaignSettings'],
    }),
    saveCampaignSettings: build.mutation<unknown, CampaignSettings>({
      query: (settings) => ({ url: 'campaign-settings', method: 'POST', body: { settings } }),
      invalidatesTags: ['CampaignSettings'],
    }),
  }),
});

export const {
  useCampaignsPageInfiniteQuery,
  useCampaignQuery,
  useCreateCampaignMutation,
  useUpdateCampaignMutation,
  useDeleteCampaignMutation,
  useCancelCampaignMutation,
  useRestartCampaignMutation,
  useAttachCampaignMediaMutation,
  useDetachCampaignMediaMutation,
  useCampaignContactListsQuery,
  useCampaignSettingsQuery,
  useSaveCampaignSettingsMutation,
} = campaignsApi;
