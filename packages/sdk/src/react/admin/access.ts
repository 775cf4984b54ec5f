/**
 * OAuth clients, API keys and the staff (owners only) as TanStack Query options over
 * ../../admin/access.ts. Keys: `['oauth-clients']`, `['api-keys']`, `['staff-members']` (not under
 * `['staff', …]`, which survives a change of session: these answers must not).
 */
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { OAuthClient, StaffMember } from '@vitrine/contract';
import { apiKeyCalls, oauthClientCalls, staffAdminCalls, type ApiKey } from '../../admin/access.ts';
import type { HttpClient } from '../../http.ts';

const CLIENTS = ['oauth-clients'] as const;
const KEYS = ['api-keys'] as const;
const STAFF = ['staff-members'] as const;

export const oauthClientQueries = {
  list: (http: HttpClient) => queryOptions({ queryKey: CLIENTS, queryFn: () => oauthClientCalls.list(http) }),
};
export const apiKeyQueries = {
  list: (http: HttpClient) => queryOptions({ queryKey: KEYS, queryFn: () => apiKeyCalls.list(http) }),
};
export const staffAdminQueries = {
  list: (http: HttpClient) => queryOptions({ queryKey: STAFF, queryFn: () => staffAdminCalls.list(http) }),
};

/** Replaces an item of a cached list (by id), then reads the list again. */
const replaceIn = async <T extends { id: string }>(client: QueryClient, key: readonly string[], item: T) => {
  client.setQueryData<T[]>(key, (list) => list?.map((x) => (x.id === item.id ? item : x)));
  await client.invalidateQueries({ queryKey: key });
};

export const oauthClientMutations = {
  create: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['oauth-clients', 'create'] as const,
      mutationFn: (v: Parameters<typeof oauthClientCalls.create>[1]) => oauthClientCalls.create(http, v),
      onSuccess: (_c, _v, _r, context) => context.client.invalidateQueries({ queryKey: CLIENTS }),
    }),
  update: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['oauth-clients', 'update'] as const,
      mutationFn: (v: Parameters<typeof oauthClientCalls.update>[1]) => oauthClientCalls.update(http, v),
      onSuccess: (c: OAuthClient, _v, _r, context) => replaceIn(context.client, CLIENTS, c),
    }),
  delete: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['oauth-clients', 'delete'] as const,
      mutationFn: (id: string) => oauthClientCalls.delete(http, id),
      onSuccess: (_d, _id, _r, context) => context.client.invalidateQueries({ queryKey: CLIENTS }),
    }),
};

export const apiKeyMutations = {
  /** Its answer holds the key: show it once, never cache it. */
  create: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['api-keys', 'create'] as const,
      mutationFn: (name: string) => apiKeyCalls.create(http, name),
      onSuccess: (_k, _v, _r, context) => context.client.invalidateQueries({ queryKey: KEYS }),
    }),
  revoke: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['api-keys', 'revoke'] as const,
      mutationFn: (id: string) => apiKeyCalls.revoke(http, id),
      onSuccess: (key: ApiKey, _id, _r, context) => replaceIn(context.client, KEYS, key),
    }),
};

export const staffAdminMutations = {
  /** Answers the invitation link (shown once). */
  invite: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['staff-members', 'invite'] as const,
      mutationFn: (v: Parameters<typeof staffAdminCalls.invite>[1]) => staffAdminCalls.invite(http, v),
      onSuccess: (_a, _v, _r, context) => context.client.invalidateQueries({ queryKey: STAFF }),
    }),
  changeRole: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['staff-members', 'change-role'] as const,
      mutationFn: (v: Parameters<typeof staffAdminCalls.changeRole>[1]) =>
        staffAdminCalls.changeRole(http, v),
      onSuccess: (m: StaffMember, _v, _r, context) => replaceIn(context.client, STAFF, m),
    }),
  /** Signs a staff member out everywhere: how many sessions ended. */
  signOut: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['staff-members', 'sign-out'] as const,
      mutationFn: (id: string) => staffAdminCalls.signOut(http, id),
    }),
  /** Gone from the list at once; back if the server refuses (the last owner). */
  remove: (http: HttpClient) =>
    mutationOptions({
      mutationKey: ['staff-members', 'remove'] as const,
      mutationFn: (id: string) => staffAdminCalls.remove(http, id),
      onMutate: async (id, context) => {
        await context.client.cancelQueries({ queryKey: STAFF });
        const before = context.client.getQueryData<StaffMember[]>(STAFF);
        context.client.setQueryData<StaffMember[]>(STAFF, (list) => list?.filter((m) => m.id !== id));
        return { before };
      },
      onError: (_e, _id, result, context) => {
        if (result?.before) context.client.setQueryData(STAFF, result.before);
      },
      onSettled: (_d, _e, _id, _r, context) => context.client.invalidateQueries({ queryKey: STAFF }),
    }),
};
