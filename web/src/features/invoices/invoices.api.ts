import type { CheckoutInput, Invoice, InvoicePage, PaymentEvent, SubscriptionAnswer } from '@switchboard/sdk/contracts';
import { api } from '../../app/api';
import { realtime } from '../../app/realtime';
import { nextPageNumber } from '../../components/records/paged-cache';

export type { Invoice, PaymentEvent, SubscriptionAnswer };

const withTags = api.enhanceEndpoints({ addTagTypes: ['Invoice'] });

export const invoicesApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** /financeiro: GET /invoices/all page by page; a confirmed payment marks its invoice paid where it is loaded. */
    invoicesPage: build.infiniteQuery<InvoicePage, { searchParam?: string }, number>({
      infiniteQueryOptions: { initialPageParam: 1, getNextPageParam: nextPageNumber },
      query: ({ queryArg: { searchParam }, pageParam }) => ({
        url: 'invoices/all',
        params: { pageNumber: pageParam, ...(searchParam ? { searchParam } : {}) },
      }),
      providesTags: ['Invoice'],
      async onCacheEntryAdded(_args, { updateCachedData, cacheDataLoaded, cacheEntryRemoved }) {
        await cacheDataLoaded.catch(() => undefined);
        const off = realtime.on('payment', (event) =>
          updateCachedData((draft) => {
            for (const invoice of draft.pages.flatMap((page) => page.invoices)) if (invoice.id === event.invoiceId) invoice.status = 'paid';
          }),
        );
        await cacheEntryRemoved;
        off();
      },
    }),
    /** POST /subscription: the checkout's answer is the invoice's Pix charge. */
    subscribe: build.mutation<SubscriptionAnswer, CheckoutInput>({
      query: (body) => ({ url: 'subscription', method: 'POST', body }),
    }),
  }),
});

export const { useInvoicesPageInfiniteQuery, useSubscribeMutation } = invoicesApi;
