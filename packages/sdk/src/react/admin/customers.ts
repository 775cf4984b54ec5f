/**
 * Members (the merchant's view) and back-in-stock requests as TanStack Query options over
 * ../../admin/customers.ts. Keys: `['members', 'admin', 'list', {…}]`, `['members', 'admin',
 * 'one', id]` (apart from the signed-in shopper's `['members', 'me']`), `['back-in-stock', 'list',
 * {…}]`. Member actions put the answer in the member's key at once and read the lists again; mute
 * and unmute are optimistic.
 */
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { BackInStockCatalogReference, MemberView } from '@vitrine/contract';
import {
  adminMemberCalls,
  adminBackInStockCalls,
  type AdminBackInStockSearch,
  type MemberSearch,
} from '../../admin/customers.ts';
import type { HttpClient } from '../../http.ts';

const LIST = ['members', 'admin', 'list'] as const;
const one = (id: string) => ['members', 'admin', 'one', id] as const;
const BIS_LIST = ['back-in-stock', 'list'] as const;

export const adminMemberQueries = {
  list: (http: HttpClient, s: MemberSearch) =>
    queryOptions({
      queryKey: [
        ...LIST,
        {
          text: s.text?.trim() || null,
          status: s.status ?? [],
          muted: s.muted ?? null,
          sort: s.sort ?? 'newest',
          offset: s.offset ?? 0,
          limit: s.limit ?? 20,
        },
      ] as const,
      queryFn: () => adminMemberCalls.query(http, s),
    }),
  one: (http: HttpClient, id: string) =>
    queryOptions({ queryKey: one(id), queryFn: () => adminMemberCalls.get(http, id) }),
  /** The member with this login e-mail (`null`: none), for Create order. */
  byEmail: (http: HttpClient, email: string) =>
    queryOptions({
      queryKey: [...LIST, 'by-email', email.trim().toLowerCase()] as const,
      queryFn: async () => (await adminMemberCalls.byEmail(http, email)) ?? null,
    }),
  /** Where the member is signed in (read again after any action on them). */
  sessions: (http: HttpClient, id: string) =>
    queryOptions({
      queryKey: [...one(id), 'sessions'] as const,
      queryFn: () => adminMemberCalls.sessions(http, id),
    }),
};

const changed = async (client: QueryClient, member: MemberView) => {
  client.setQueryData(one(member.id), member);
  await Promise.all([
    client.invalidateQueries({ queryKey: LIST }),
    client.invalidateQueries({ queryKey: [...one(member.id), 'sessions'] }),
  ]);
};

const action = (name: 'approve' | 'block' | 'disconnect') => (http: HttpClient) =>
  mutationOptions({
    mutationKey: ['members', 'admin', name] as const,
    mutationFn: (id: string) => adminMemberCalls[name](http, id),
    onSuccess: (member, _id, _r, context) => changed(context.client, member),
  });

export const adminMemberMutations = {
  approve: action('approve'),
  /** Blocking also ends the member's sessions on the server. */
  block: action('block'),
  /** Signs the member out everywhere. */
  disconnect: action('disconnect'),
  /** Mutes or unmutes, optimistically (the member's page shows it at once). */
  setMuted: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['members', 'admin', 'set-muted'] as const,
      mutationFn: (v: { id: string; muted: boolean }) =>
        v.muted ? adminMemberCalls.mute(http, v.id) : adminMemberCalls.unmute(http, v.id),
      onMutate: async (v, context) => {
        await context.client.cancelQueries({ queryKey: one(v.id) });
        const before = context.client.getQueryData<MemberView>(one(v.id));
        if (before)
          context.client.setQueryData(one(v.id), { ...before, activityStatus: v.muted ? 'MUTED' : 'ACTIVE' });
        return { before };
      },
      onError: (_e, v, result, context) => {
        if (result?.before) context.client.setQueryData(one(v.id), result.before);
      },
      onSuccess: (member, _v, _r, context) => changed(context.client, member),
    }),
  delete: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['members', 'admin', 'delete'] as const,
      mutationFn: (id: string) => adminMemberCalls.delete(http, id),
      onSuccess: async (_d, id, _r, context) => {
        context.client.removeQueries({ queryKey: one(id) });
        await context.client.invalidateQueries({ queryKey: LIST });
      },
    }),
};

export const adminBackInStockQueries = {
  list: (http: HttpClient, s: AdminBackInStockSearch) =>
    queryOptions({
      queryKey: [
        ...BIS_LIST,
        {
          productId: s.productId ?? null,
          state: s.state ?? null,
          email: s.email?.trim() || null,
          cursor: s.cursor ?? null,
          limit: s.limit ?? 50,
        },
      ] as const,
      queryFn: () => adminBackInStockCalls.query(http, s),
      // While requests are being e-mailed (PROCESSING), their page follows along.
      refetchInterval: (q) => (q.state.data?.requests.some((r) => r.status === 'PROCESSING') ? 2000 : false),
    }),
  /** Waiting requests per item (a product: all of its own; a variant: its own and the product's). */
  counts: (http: HttpClient, refs: BackInStockCatalogReference[]) =>
    queryOptions({
      queryKey: ['back-in-stock', 'counts', refs] as const,
      queryFn: () => adminBackInStockCalls.counts(http, refs),
    }),
};

const bisChanged = (client: QueryClient) => client.invalidateQueries({ queryKey: ['back-in-stock'] });

export const adminBackInStockMutations = {
  /** E-mails everyone waiting for the item (or the given requests); a job does the sending. */
  reportBackInStock: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['back-in-stock', 'report'] as const,
      mutationFn: (v: Parameters<typeof adminBackInStockCalls.reportBackInStock>[1]) =>
        adminBackInStockCalls.reportBackInStock(http, v),
      onSuccess: (_d, _v, _r, context) => bisChanged(context.client),
    }),
  markAsSent: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['back-in-stock', 'mark-sent'] as const,
      mutationFn: (id: string) => adminBackInStockCalls.markAsSent(http, id),
      onSuccess: (_d, _v, _r, context) => bisChanged(context.client),
    }),
  delete: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['back-in-stock', 'delete'] as const,
      mutationFn: (id: string) => adminBackInStockCalls.delete(http, id),
      onSuccess: (_d, _v, _r, context) => bisChanged(context.client),
    }),
};
