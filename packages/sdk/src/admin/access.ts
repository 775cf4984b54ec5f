/**
 * Who and what may use the store's API, as plain typed calls, all for owners only (403
 * `OWNER_ONLY`): OAuth clients (`/oauth2/v1/clients`, their allowed origins and redirect URIs),
 * API keys (`/platform/v1/api-keys`: made with a name, the key shown once; revoked) and the staff
 * (`/staff/v1/staff`: invite with a role, change the role, remove).
 * apps/server/src/modules/oauth and staff READMEs.
 */
import type { OAuthClient, StaffMember, StaffRole } from '@vitrine/contract';
import type { HttpClient } from '../http.ts';

export interface ApiKey {
  id: string;
  name: string;
  createdDate: string;
  revokedDate: string | null;
}

export interface ClientFields {
  name: string;
  /** Exact URIs, or `<origin>/<path>/*` for every URI under that path. */
  redirectUris: string[];
  /** Origins allowed for CORS and `web_message` answers. */
  allowedOrigins: string[];
}

const all = { query: { cursorPaging: { limit: 100 } } };

export const oauthClientCalls = {
  list: async (http: HttpClient): Promise<OAuthClient[]> =>
    (
      await http.request<{ clients: OAuthClient[] }>({
        method: 'POST',
        path: '/oauth2/v1/clients/query',
        body: { query: { sort: [{ fieldName: 'createdDate', order: 'ASC' }], cursorPaging: { limit: 100 } } },
      })
    ).clients,
  create: async (http: HttpClient, client: ClientFields): Promise<OAuthClient> =>
    (
      await http.request<{ client: OAuthClient }>({
        method: 'POST',
        path: '/oauth2/v1/clients',
        body: { client },
      })
    ).client,
  /** Writes exactly the given fields (the field mask names them). */
  update: async (http: HttpClient, v: { id: string; client: Partial<ClientFields> }): Promise<OAuthClient> =>
    (
      await http.request<{ client: OAuthClient }>({
        method: 'PATCH',
        path: '/oauth2/v1/clients/{id}',
        pathParams: { id: v.id },
        body: { client: v.client, fieldMask: Object.keys(v.client).join(',') },
      })
    ).client,
  delete: (http: HttpClient, id: string) =>
    http.request<object>({ method: 'DELETE', path: '/oauth2/v1/clients/{id}', pathParams: { id } }),
};

export const apiKeyCalls = {
  /** Every key, newest first, revoked ones too (never the keys themselves). */
  list: async (http: HttpClient): Promise<ApiKey[]> =>
    (
      await http.request<{ apiKeys: ApiKey[] }>({
        method: 'POST',
        path: '/platform/v1/api-keys/query',
        body: {
          query: { sort: [{ fieldName: 'createdDate', order: 'DESC' }], cursorPaging: { limit: 100 } },
        },
      })
    ).apiKeys,
  /** The answer is the only time `key` is shown: only its hash is kept. */
  create: async (http: HttpClient, name: string): Promise<ApiKey & { key: string }> =>
    (
      await http.request<{ apiKey: ApiKey & { key: string } }>({
        method: 'POST',
        path: '/platform/v1/api-keys',
        body: { name },
      })
    ).apiKey,
  /** Every server process refuses the key within 10 seconds. */
  revoke: async (http: HttpClient, id: string): Promise<ApiKey> =>
    (
      await http.request<{ apiKey: ApiKey }>({
        method: 'DELETE',
        path: '/platform/v1/api-keys/{id}',
        pathParams: { id },
      })
    ).apiKey,
};

export const staffAdminCalls = {
  /** The staff, invited and active (removed members are not listed), oldest first. */
  list: async (http: HttpClient): Promise<StaffMember[]> =>
    (
      await http.request<{ staff: StaffMember[] }>({
        method: 'POST',
        path: '/staff/v1/staff/query',
        body: { ...all, query: { ...all.query, sort: [{ fieldName: 'createdDate', order: 'ASC' }] } },
      })
    ).staff,
  /** The invitation link (7 days) is answered once and not e-mailed: hand it over yourself. 409 `STAFF_EXISTS`. */
  invite: (http: HttpClient, v: { email: string; name: string; role: StaffRole }) =>
    http.request<{ staff: StaffMember; inviteUrl: string }>({
      method: 'POST',
      path: '/staff/v1/staff',
      body: v,
    }),
  /** 409 `LAST_OWNER` when it would leave the store without an active owner. */
  changeRole: async (http: HttpClient, v: { id: string; role: StaffRole }): Promise<StaffMember> =>
    (
      await http.request<{ staff: StaffMember }>({
        method: 'PATCH',
        path: '/staff/v1/staff/{id}',
        pathParams: { id: v.id },
        body: { role: v.role },
      })
    ).staff,
  /** Every session of theirs ends (a lost laptop); they stay on the staff and sign in again. How many ended. */
  signOut: async (http: HttpClient, id: string): Promise<number> =>
    (
      await http.request<{ endedSessions: number }>({
        method: 'POST',
        path: '/staff/v1/staff/{id}/logout-all',
        pathParams: { id },
      })
    ).endedSessions,
  /** Their sessions end at once. 409 `LAST_OWNER`. */
  remove: (http: HttpClient, id: string) =>
    http.request<object>({ method: 'DELETE', path: '/staff/v1/staff/{id}', pathParams: { id } }),
};
