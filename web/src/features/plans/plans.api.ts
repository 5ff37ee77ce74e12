import { planFlags, type ChannelSettingField, type PlanFlag } from '@switchboard/sdk/contracts';
import { api } from '../../app/api';
import { nextPageNumber } from '../../components/records/paged-cache';

/** Feature flags of a plan (spec 1 §1); the menu and the pages switch on them. */
export type { PlanFlag };

export type Plan = { id: number; name: string; users: number; connections: number; queues: number } & Partial<Record<PlanFlag, boolean>>;

/** The flags in the order the plan form and table show them. */
export const PLAN_FLAGS: readonly PlanFlag[] = planFlags;

/** How often a subscription is billed (spec 2 §9), a plan's and a company's. */
export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export type Recurrence = (typeof RECURRENCES)[number];

/** A plan as the super user manages it (spec 2 §3): limits, amount in BRL, every flag, public or not. */
export type PlanRecord = Plan & Record<PlanFlag, boolean> & { amount: number; isPublic: boolean; recurrence: Recurrence };

/** POST and PUT /plans. */
export type PlanInput = Omit<PlanRecord, 'id'>;

interface PlansPage {
  plans: PlanRecord[];
  count: number;
  hasMore: boolean;
}

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
    /** The plans tab (super only): GET /plans page by page, searched by name. */
    plansPage: build.infiniteQuery<PlansPage, { searchParam?: string }, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPageNumber },
      query: ({ queryArg: { searchParam }, pageParam }) => ({
        url: 'plans',
        params: { pageNumber: pageParam, ...(searchParam ? { searchParam } : {}) },
      }),
      providesTags: ['Plan'],
    }),
    /** GET /plans/all (super only): every plan, for the company form's plan choice. */
    allPlans: build.query<PlanRecord[], void>({ query: () => 'plans/all', providesTags: ['Plan'] }),
    // A plan's change reaches the companies showing it and the menus built from its flags, hence the broad tags.
    createPlan: build.mutation<PlanRecord, PlanInput>({
      query: (body) => ({ url: 'plans', method: 'POST', body }),
      invalidatesTags: ['Plan'],
    }),
    updatePlan: build.mutation<PlanRecord, PlanInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `plans/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Plan', 'Company'],
    }),
    deletePlan: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `plans/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Plan'],
    }),
  }),
});

export const {
  useCompanyPlanQuery,
  useInstalledPluginsQuery,
  usePlansPageInfiniteQuery,
  useAllPlansQuery,
  useCreatePlanMutation,
  useUpdatePlanMutation,
  useDeletePlanMutation,
} = plansApi;
