/**
 * Abandoned checkouts as plain typed calls (`/ecom/v1/abandoned-checkout`, contract
 * abandoned-checkouts.ts; server module abandoned-checkouts): search, one, delete, the recovery
 * figures of a period, and Vitrine's own "send the recovery e-mail now".
 */
import type { AbandonedCheckoutAnalytics, Sorting, WireAbandonedCheckout } from '@vitrine/contract';
import type { HttpClient } from '../http.ts';
import { allOf, type CursorSearch } from './paging.ts';

const BASE = '/ecom/v1/abandoned-checkout';

export const ABANDONED_STATUSES = ['ABANDONED', 'RECOVERED'] as const;
export type AbandonedStatus = WireAbandonedCheckout['status'];
export const ABANDONED_SORTS = ['newest', 'oldest', 'total', 'updated'] as const;
export type AbandonedSort = (typeof ABANDONED_SORTS)[number];
const SORTS: Record<AbandonedSort, Sorting[]> = {
  newest: [{ fieldName: 'createdDate', order: 'DESC' }],
  oldest: [{ fieldName: 'createdDate', order: 'ASC' }],
  total: [{ fieldName: 'totalPrice.amount', order: 'DESC' }],
  updated: [{ fieldName: 'updatedDate', order: 'DESC' }],
};

export interface AbandonedSearch extends CursorSearch {
  /** Words each starting the buyer's e-mail, first or last name. */
  text?: string;
  status?: AbandonedStatus;
  sort?: AbandonedSort;
}

export interface AbandonedPage {
  abandonedCheckouts: WireAbandonedCheckout[];
  pagingMetadata: { count: number; cursors: { next: string | null; prev: string | null } };
}

/** `POST …/search`'s body: the cursor alone for another page (it carries the filter, sort and words). */
export function abandonedSearchBody(s: AbandonedSearch) {
  const limit = s.limit ?? 20;
  if (s.cursor) return { search: { cursorPaging: { limit, cursor: s.cursor } } };
  const text = s.text?.trim();
  return {
    search: {
      filter: allOf(s.status ? [{ status: s.status }] : []),
      sort: SORTS[s.sort ?? 'newest'],
      cursorPaging: { limit },
      ...(text ? { search: { expression: text } } : {}),
    },
  };
}

/** Days as `YYYY-MM-DD`, both included. */
export interface DayRange {
  startDate: string;
  endDate: string;
}

export const abandonedCheckoutCalls = {
  search: (http: HttpClient, s: AbandonedSearch): Promise<AbandonedPage> =>
    http.request<AbandonedPage>({ method: 'POST', path: `${BASE}/search`, body: abandonedSearchBody(s) }),
  get: async (http: HttpClient, id: string): Promise<WireAbandonedCheckout> =>
    (
      await http.request<{ abandonedCheckout: WireAbandonedCheckout }>({
        method: 'GET',
        path: `${BASE}/{id}`,
        pathParams: { id },
      })
    ).abandonedCheckout,
  delete: (http: HttpClient, id: string) =>
    http.request<object>({ method: 'DELETE', path: `${BASE}/{id}`, pathParams: { id } }),
  /** What was left and what came back over the days (values in the store currency, rate 0..1). */
  analytics: (http: HttpClient, days: DayRange): Promise<AbandonedCheckoutAnalytics> =>
    http.request<AbandonedCheckoutAnalytics>({ method: 'POST', path: `${BASE}/get-analytics`, body: days }),
  /** E-mails the recovery link now (409 `ABANDONED_CHECKOUT_RECOVERED` once recovered). */
  sendRecoveryEmail: async (http: HttpClient, id: string): Promise<WireAbandonedCheckout> =>
    (
      await http.request<{ abandonedCheckout: WireAbandonedCheckout }>({
        method: 'POST',
        path: '/ecom/v1/abandoned-checkouts/{id}/send-recovery-email',
        pathParams: { id },
        body: {},
      })
    ).abandonedCheckout,
};
