/**
 * The store's settings as TanStack Query options over ../../admin/settings.ts and shipping-tax.ts.
 * Keys: `['store-settings']` (shared with anything showing the store's name or currency),
 * `['shipping-regions']`, `['pickup-locations']`, `['tax-rates']`, `['additional-fees']`,
 * `['mail', {…}]`, `['jobs', {…}]`. A change puts the answer in the cache and reads the list again.
 */
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Job, StoreSettings } from '@vitrine/contract';
import {
  jobCalls,
  mailCalls,
  storeSettingsCalls,
  type JobSearch,
  type MailSearch,
} from '../../admin/settings.ts';
import {
  additionalFeeCalls,
  pickupLocationCalls,
  shippingRegionCalls,
  taxRateCalls,
} from '../../admin/shipping-tax.ts';
import type { CursorPage } from '../../admin/paging.ts';
import type { HttpClient } from '../../http.ts';

export const STORE_SETTINGS_KEY = ['store-settings'] as const;

export const storeSettingsQueries = {
  get: (http: HttpClient) =>
    queryOptions({ queryKey: STORE_SETTINGS_KEY, queryFn: () => storeSettingsCalls.get(http) }),
};

export const storeSettingsMutations = {
  /** Writes the given fields from the revision the form started from (409 `REVISION_MISMATCH` when stale). */
  update: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['store-settings', 'update'] as const,
      mutationFn: (v: Parameters<typeof storeSettingsCalls.update>[1]) => storeSettingsCalls.update(http, v),
      onSuccess: (settings: StoreSettings, _v, _r, context) =>
        context.client.setQueryData(STORE_SETTINGS_KEY, settings),
    }),
};

interface ConfigCalls<T extends { id: string }, In, Patch> {
  list(http: HttpClient): Promise<T[]>;
  create(http: HttpClient, input: In): Promise<T>;
  update(http: HttpClient, v: { id: string; patch: Patch }): Promise<T>;
  delete(http: HttpClient, id: string): Promise<object>;
}

/** Query and mutation options of one configuration list (every item in one answer). */
function configOptions<T extends { id: string }, In, Patch>(key: string, calls: ConfigCalls<T, In, Patch>) {
  const reread = (client: QueryClient) => client.invalidateQueries({ queryKey: [key] });
  return {
    queries: {
      list: (http: HttpClient) => queryOptions({ queryKey: [key] as const, queryFn: () => calls.list(http) }),
    },
    mutations: {
      create: (http: HttpClient) =>
        mutationOptions({
          mutationKey: [key, 'create'] as const,
          mutationFn: (input: In) => calls.create(http, input),
          onSuccess: async (item: T, _v, _r, context) => {
            context.client.setQueryData<T[]>([key], (list) => list && [...list, item]);
            await reread(context.client);
          },
        }),
      update: (http: HttpClient) =>
        mutationOptions({
          mutationKey: [key, 'update'] as const,
          mutationFn: (v: { id: string; patch: Patch }) => calls.update(http, v),
          onSuccess: async (item: T, _v, _r, context) => {
            context.client.setQueryData<T[]>([key], (list) =>
              list?.map((x) => (x.id === item.id ? item : x)),
            );
            await reread(context.client);
          },
        }),
      /** Removed from the list at once; back if the server refuses. */
      delete: (http: HttpClient) =>
        mutationOptions({
          mutationKey: [key, 'delete'] as const,
          mutationFn: (id: string) => calls.delete(http, id),
          onMutate: async (id, context) => {
            await context.client.cancelQueries({ queryKey: [key] });
            const before = context.client.getQueryData<T[]>([key]);
            context.client.setQueryData<T[]>([key], (list) => list?.filter((x) => x.id !== id));
            return { before };
          },
          onError: (_e, _id, result, context) => {
            if (result?.before) context.client.setQueryData([key], result.before);
          },
          onSettled: (_d, _e, _id, _r, context) => reread(context.client),
        }),
    },
  };
}

const regions = configOptions('shipping-regions', shippingRegionCalls);
const pickups = configOptions('pickup-locations', pickupLocationCalls);
const rates = configOptions('tax-rates', taxRateCalls);
const fees = configOptions('additional-fees', additionalFeeCalls);
export const shippingRegionQueries = regions.queries;
export const shippingRegionMutations = regions.mutations;
export const pickupLocationQueries = pickups.queries;
export const pickupLocationMutations = pickups.mutations;
export const taxRateQueries = rates.queries;
export const taxRateMutations = rates.mutations;
export const additionalFeeQueries = fees.queries;
export const additionalFeeMutations = fees.mutations;

export const mailQueries = {
  list: (http: HttpClient, s: MailSearch) =>
    queryOptions({
      queryKey: [
        'mail',
        {
          status: s.status ?? null,
          to: s.to?.trim().toLowerCase() || null,
          cursor: s.cursor ?? null,
          limit: s.limit ?? 20,
        },
      ] as const,
      queryFn: () => mailCalls.query(http, s),
    }),
};

export const mailMutations = {
  /** Queues a test message; the outbox shows it. */
  test: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['mail', 'test'] as const,
      mutationFn: (to: string) => mailCalls.test(http, to),
      onSuccess: (_d, _v, _r, context) => context.client.invalidateQueries({ queryKey: ['mail'] }),
    }),
};

export const jobQueries = {
  list: (http: HttpClient, s: JobSearch) =>
    queryOptions({
      queryKey: [
        'jobs',
        { status: s.status ?? null, cursor: s.cursor ?? null, limit: s.limit ?? 20 },
      ] as const,
      queryFn: () => jobCalls.query(http, s),
    }),
};

export const jobMutations = {
  /** Runs a failed job again: shown as PENDING at once. */
  retry: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['jobs', 'retry'] as const,
      mutationFn: (id: string) => jobCalls.retry(http, id),
      onSuccess: async (job: Job, _id, _r, context) => {
        for (const [key, page] of context.client.getQueriesData<CursorPage<Job>>({ queryKey: ['jobs'] }))
          if (page?.items.some((j) => j.id === job.id))
            context.client.setQueryData(key, {
              ...page,
              items: page.items.map((j) => (j.id === job.id ? job : j)),
            });
        await Promise.all([
          context.client.invalidateQueries({ queryKey: ['jobs'] }),
          context.client.invalidateQueries({ queryKey: ['analytics'] }),
        ]);
      },
    }),
};
