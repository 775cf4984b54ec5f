/**
 * Orders taken for a buyer (../../admin/payment-links.ts) as TanStack Query options. Keys:
 * `['merchant-checkouts', id]`: the checkout as the store prices it; `['merchant-checkouts', 'open',
 * cursor]`: a page of the links not yet paid. Creating one puts it there at
 * once; the order it becomes shows in the orders list when the buyer pays.
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { MerchantCheckoutsPage } from '@vitrine/contract';
import { checkoutCalls } from '../../checkout.ts';
import {
  paymentLinkCalls,
  type ItemsChange,
  type MerchantCheckoutInput,
  type MerchantDiscount,
} from '../../admin/payment-links.ts';
import type { HttpClient } from '../../http.ts';

const one = (id: string) => ['merchant-checkouts', id] as const;

export const paymentLinkQueries = {
  /** The links not yet paid (`['merchant-checkouts', 'open', cursor]`). */
  open: (http: HttpClient, cursor?: string) =>
    queryOptions({
      queryKey: ['merchant-checkouts', 'open', cursor ?? null] as const,
      queryFn: () => paymentLinkCalls.list(http, cursor),
    }),
  checkout: (http: HttpClient, id: string) =>
    queryOptions({ queryKey: one(id), queryFn: () => checkoutCalls.get(http, id) }),
};

export const paymentLinkMutations = {
  createCheckout: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['merchant-checkouts', 'create'] as const,
      mutationFn: (v: MerchantCheckoutInput) => paymentLinkCalls.createCheckout(http, v),
      onSuccess: async (checkout, _v, _r, context) => {
        context.client.setQueryData(one(checkout.id), checkout);
        await context.client.invalidateQueries({ queryKey: ['merchant-checkouts', 'open'] });
      },
    }),
  setDiscount: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['merchant-checkouts', 'discount'] as const,
      mutationFn: (v: { checkoutId: string; discount: MerchantDiscount | null }) =>
        paymentLinkCalls.setDiscount(http, v),
      onSuccess: async (checkout, _v, _r, context) => {
        context.client.setQueryData(one(checkout.id), checkout);
        await context.client.invalidateQueries({ queryKey: ['merchant-checkouts', 'open'] });
      },
      onError: (_e, v, _r, context) => context.client.invalidateQueries({ queryKey: one(v.checkoutId) }),
    }),
  changeItems: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['merchant-checkouts', 'items'] as const,
      mutationFn: (v: { checkoutId: string; change: ItemsChange }) =>
        paymentLinkCalls.changeItems(http, v.checkoutId, v.change),
      onSuccess: async (checkout, _v, _r, context) => {
        context.client.setQueryData(one(checkout.id), checkout);
        await context.client.invalidateQueries({ queryKey: ['merchant-checkouts', 'open'] });
      },
      onError: (_e, v, _r, context) => context.client.invalidateQueries({ queryKey: one(v.checkoutId) }),
    }),
  remove: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['merchant-checkouts', 'delete'] as const,
      mutationFn: (checkoutId: string) => paymentLinkCalls.remove(http, checkoutId),
      onSuccess: async (_d, id, _r, context) => {
        context.client.removeQueries({ queryKey: one(id) });
        // Gone from the pages kept, so that the list never shows it again while it is read anew.
        context.client.setQueriesData<MerchantCheckoutsPage>(
          { queryKey: ['merchant-checkouts', 'open'] },
          (page) => (page ? { ...page, checkouts: page.checkouts.filter((c) => c.id !== id) } : page),
        );
        await context.client.invalidateQueries({ queryKey: ['merchant-checkouts', 'open'] });
      },
    }),
  make: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['merchant-checkouts', 'payment-link'] as const,
      mutationFn: (v: { checkoutId: string; sendEmail: boolean; message?: string }) =>
        paymentLinkCalls.make(http, v),
      // A refusal (the order was placed meanwhile) reads the checkout again.
      onError: (_e, v, _r, context) => context.client.invalidateQueries({ queryKey: one(v.checkoutId) }),
    }),
};
