import { api } from '../../app/api';
import type { ServiceHoursEntry } from '../../components/service-hours/ServiceHoursForm';

/** The company's options row (GET /companySettings/:id): one value per column of spec 2 §3, secrets masked. */
export type CompanySettings = Record<string, string | null | undefined>;

/** A key/value setting (GET /settings), e.g. userCreation. */
export interface KeyValueSetting {
  key: string;
  value: string | null;
}

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    companySettings: build.query<CompanySettings, number>({
      query: (companyId) => `companySettings/${companyId}`,
      providesTags: ['Setting'],
    }),
    /** PUT /companySettings {column, data}: answers the whole row, written into the cache at once (tabs follow it). */
    updateCompanySetting: build.mutation<CompanySettings, { companyId: number; column: string; data: string | null }>({
      query: ({ column, data }) => ({ url: 'companySettings', method: 'PUT', body: { column, data } }),
      async onQueryStarted({ companyId }, { dispatch, queryFulfilled }) {
        const { data: row } = await queryFulfilled.catch(() => ({ data: null }));
        if (row) dispatch(settingsApi.util.upsertQueryData('companySettings', companyId, row));
      },
      // Other screens read single options (GET /companySettingOne) under the same tag.
      invalidatesTags: ['Setting'],
    }),
    keyValueSettings: build.query<KeyValueSetting[], void>({ query: () => 'settings', providesTags: ['Setting'] }),
    updateKeyValueSetting: build.mutation<KeyValueSetting, { key: string; value: string }>({
      query: ({ key, value }) => ({ url: `settings/${encodeURIComponent(key)}`, method: 'PUT', body: { value } }),
      invalidatesTags: ['Setting'],
    }),
    /** GET /companies/:id: the company's own service hours live on the company (schedules tab). */
    companySchedules: build.query<ServiceHoursEntry[], number>({
      query: (companyId) => `companies/${companyId}`,
      transformResponse: (company: { schedules?: ServiceHoursEntry[] | null }) => company?.schedules ?? [],
      providesTags: (_result, _error, companyId) => [{ type: 'Setting', id: `schedules-${companyId}` }],
    }),
    updateCompanySchedules: build.mutation<unknown, { companyId: number; schedules: ServiceHoursEntry[] }>({
      query: ({ companyId, schedules }) => ({ url: `companies/${companyId}/schedules`, method: 'PUT', body: { id: companyId, schedules } }),
      invalidatesTags: (_result, _error, { companyId }) => [{ type: 'Setting', id: `schedules-${companyId}` }],
    }),
  }),
});

export const {
  useCompanySettingsQuery,
  useUpdateCompanySettingMutation,
  useKeyValueSettingsQuery,
  useUpdateKeyValueSettingMutation,
  useCompanySchedulesQuery,
  useUpdateCompanySchedulesMutation,
} = settingsApi;
