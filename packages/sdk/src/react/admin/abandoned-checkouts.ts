/**
 * Abandoned checkouts as TanStack Query options over ../../admin/abandoned-checkouts.ts. Keys:
 * `['abandoned-checkouts', 'list', {…}]`, `['abandoned-checkouts', 'one', id]`,
 * `['abandoned-checkouts', 'analytics', {startDate, endDate}]`.
 * Sending the recovery e-mail puts the answer in the checkout's key at once (its activity shows
 * it) and reads the lists again; deleting drops the checkout and reads the lists and figures again.
 */
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  abandonedCheckoutCalls,
  type AbandonedPage,
  type AbandonedSearch,
  type DayRange,
} from '../../admin/abandoned-checkouts.ts';
import type { HttpClient } from '../../http.ts';

const ALL = ['abandoned-checkouts'] as const;
const LIST = [...ALL, 'list'] as const;
const one = (id: string) => [...ALL, 'one', id] as const;

/*
 * Each key holds what its call is made with; the HttpClient is the app's one client (`useHttp()`),
 * not an input of the answer, so it stays out of the keys (as in the other factories).
 */
export const abandonedCheckoutQueries = {
  list: (http: HttpClient, s: AbandonedSearch) => {
    const criteria: AbandonedSearch = {
      text: s.text?.trim() || undefined,
      status: s.status,
      sort: s.sort ?? 'newest',
      cursor: s.cursor,
      limit: s.limit ?? 20,
    };
    return queryOptions({
      queryKey: [...LIST, criteria] as const,
      queryFn: () => abandonedCheckoutCalls.search(http, criteria),
    });
  },
  one: (http: HttpClient, id: string) =>
    queryOptions({ queryKey: one(id), queryFn: () => abandonedCheckoutCalls.get(http, id) }),
  analytics: (http: HttpClient, days: DayRange) => {
    const range: DayRange = { startDate: days.startDate, endDate: days.endDate };
    return queryOptions({
      queryKey: [...ALL, 'analytics', range] as const,
      queryFn: () => abandonedCheckoutCalls.analytics(http, range),
      staleTime: 60_000,
    });
  },
};

const listsChanged = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: LIST }),
    client.invalidateQueries({ queryKey: [...ALL, 'analytics'] }),
  ]);

export const abandonedCheckoutMutations = {
  /** E-mails the recovery link now; a refusal (already recovered) reads the checkout again. */
  sendRecoveryEmail: (http: HttpClient) =>
    mutationOptions({
      mutationKey: [...ALL, 'send-recovery-email'] as const,
      mutationFn: (id: string) => abandonedCheckoutCalls.sendRecoveryEmail(http, id),
      onSuccess: async (checkout, _id, _r, context) => {
        context.client.setQueryData(one(checkout.id), checkout);
        await context.client.invalidateQueries({ queryKey: LIST });
      },
      onError: (_e, id, _r, context) =>
        Promise.all([
          context.client.invalidateQueries({ queryKey: one(id) }),
          context.client.invalidateQueries({ queryKey: LIST }),
        ]),
    }),
  delete: (http: HttpClient) =>
    mutationOptions({
      mutationKey: [...ALL, 'delete'] as const,
      mutationFn: (id: string) => abandonedCheckoutCalls.delete(http, id),
      onSuccess: async (_d, id, _r, context) => {
        context.client.removeQueries({ queryKey: one(id) });
        // Gone from the pages kept, so that the list never shows it again while it is read anew.
        context.client.setQueriesData<AbandonedPage>({ queryKey: LIST }, (page) =>
          page ? { ...page, abandonedCheckouts: page.abandonedCheckouts.filter((c) => c.id !== id) } : page,
        );
        await listsChanged(context.client);
      },
    }),
};
