import { api } from '../../app/api';
import { nextPageNumber } from '../../components/records/paged-cache';
import type { PlanRecord, Recurrence } from '../plans/plans.api';

/** Company 1 is the platform's own: it never expires and is never deleted or deactivated (the server refuses). */
export const SUPER_COMPANY_ID = 1;

/** A company as the super user manages it (spec 2 §3), with its plan. */
export interface Company {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  planId: number;
  status: boolean;
  dueDate: string | null;
  recurrence: Recurrence;
  document: string | null;
  paymentMethod: string | null;
  addressStreet: string | null;
  addressCity: string | null;
  addressState: string | null;
  createdAt: string;
  lastLogin: string | null;
  plan: PlanRecord | null;
}

/**
 * POST and PUT /companies: the form's fields. `dueDate` is a yyyy-MM-dd day or null (spec 2 §5); left out, an edit
 * keeps the stored one. A password sets (or creates) the company's admin.
 */
export type CompanyInput = Partial<
  Pick<Company, 'phone' | 'status' | 'recurrence' | 'document' | 'paymentMethod' | 'addressStreet' | 'addressCity' | 'addressState'>
> & { name: string; email: string; planId: number; dueDate?: string | null; password?: string };

interface CompaniesPage {
  companies: Company[];
  count: number;
  hasMore: boolean;
}

export const companiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** /companies and the settings' companies tab (super only): GET /companiesPlan page by page, with each plan. */
    companiesPage: build.infiniteQuery<CompaniesPage, { searchParam?: string }, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPageNumber },
      query: ({ queryArg: { searchParam }, pageParam }) => ({
        url: 'companiesPlan',
        params: { pageNumber: pageParam, ...(searchParam ? { searchParam } : {}) },
      }),
      providesTags: ['Company'],
    }),
    createCompany: build.mutation<Company, CompanyInput>({
      query: (body) => ({ url: 'companies', method: 'POST', body }),
      invalidatesTags: ['Company'],
    }),
    // The super user's own company shows its plan in the menus: its change reloads them too.
    updateCompany: build.mutation<Company, CompanyInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `companies/${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => ['Company', { type: 'Plan', id }],
    }),
    /** POST /companies/:id/renew: the due date advances by the company's recurrence (spec 2 §4). */
    renewCompany: build.mutation<Company, number>({
      query: (id) => ({ url: `companies/${id}/renew`, method: 'POST' }),
      invalidatesTags: ['Company'],
    }),
    deleteCompany: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `companies/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Company'],
    }),
  }),
});

export const {
  useCompaniesPageInfiniteQuery,
  useCreateCompanyMutation,
  useUpdateCompanyMutation,
  useRenewCompanyMutation,
  useDeleteCompanyMutation,
} = companiesApi;
