import type { ChannelSettingField } from '@switchboard/sdk/contracts';
import { api } from '../../app/api';

/** Feature flags of a plan (spec 1 §1); the menu and the pages switch on them. */
export type PlanFlag =
  | 'useWhatsapp'
  | 'useFacebook'
  | 'useInstagram'
  | 'useCampaigns'
  | 'useSchedules'
  | 'useInternalChat'
  | 'useExternalApi'
  | 'useKanban'
  | 'useOpenAi'
  | 'useIntegrations';

export type Plan = { id: number; name: string; users: number; connections: number; queues: number } & Partial<Record<PlanFlag, boolean>>;

/** GET /companies/listPlan/:companyId: the company with its plan. */
export interface CompanyPlan {
  id: number;
  name: string;
  dueDate: string | null;
  plan: Plan | null;
  [field: string]: unknown;
}

/** GET /plugins: the channel and integration plugins installed on this server. */
export interface InstalledPlugins {
  channels: { channel: string; description: { name: string; icon?: string } }[];
  integrations: {
    type: string;
    description: { name: string; icon?: string; settings?: ChannelSettingField[] };
    /** POST /queueIntegration/testSession can check this type's settings. */
    testSession?: boolean;
  }[];
}

export const plansApi = api.injectEndpoints({
  endpoints: (build) => ({
    companyPlan: build.query<CompanyPlan, number>({
      query: (companyId) => `companies/listPlan/${companyId}`,
      providesTags: (_result, _error, companyId) => [{ type: 'Plan', id: companyId }],
    }),
    installedPlugins: build.query<InstalledPlugins, void>({ query: () => 'plugins', providesTags: ['Plugin'] }),
  }),
});

export const { useCompanyPlanQuery, useInstalledPluginsQuery } = plansApi;
