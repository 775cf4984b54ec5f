/**
 * The merchant's customers as plain typed calls: members (search, one member in full, approve,
 * block, mute, unmute, delete: apps/server/src/modules/members/README.md, contract members.md §1)
 * and back-in-stock requests (query, report an item back in stock, mark as notified, delete:
 * apps/server/src/modules/back-in-stock/README.md).
 */
import type {
  BackInStockCatalogReference,
  BackInStockStatus,
  Filter,
  MemberSessionView,
  MemberView,
  WireBackInStockRequest,
} from '@vitrine/contract';
import { STORES_APP_ID } from '../catalog.ts';
import type { HttpClient } from '../http.ts';
import { allOf, cursorQueryBody, type CursorSearch } from './paging.ts';

const MEMBERS = '/members/v1/members';
const BIS = '/back-in-stock-service/v1/back-in-stock-notification-requests';

export const MEMBER_STATUSES = ['PENDING', 'APPROVED', 'BLOCKED'] as const;
export type AdminMemberStatus = (typeof MEMBER_STATUSES)[number];
export const MEMBER_SORTS = ['newest', 'oldest', 'email', 'last-login'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];
const MEMBER_SORTING: Record<MemberSort, { fieldName: string; order: 'ASC' | 'DESC' }[]> = {
  newest: [{ fieldName: 'createdDate', order: 'DESC' }],
  oldest: [{ fieldName: 'createdDate', order: 'ASC' }],
  email: [{ fieldName: 'loginEmail', order: 'ASC' }],
  'last-login': [{ fieldName: 'lastLoginDate', order: 'DESC' }],
};

export interface MemberSearch {
  /** Words each starting the login e-mail, first or last name, nickname or slug (case-insensitive). */
  text?: string;
  status?: AdminMemberStatus[];
  muted?: boolean;
  sort?: MemberSort;
  /** 0-based offset of the page (members page by offset). */
  offset?: number;
  limit?: number;
}

export interface MembersPage {
  members: MemberView[];
  metadata: { count: number; offset: number; total: number; tooManyToCount: boolean };
}

/** `POST /members/v1/members/query`'s body, asking for every field (admins may). */
export function memberQueryBody(s: MemberSearch) {
  const text = s.text?.trim();
  const filter = allOf([
    ...(s.status?.length ? [{ status: { $in: s.status } }] : []),
    ...(s.muted !== undefined ? [{ activityStatus: { $eq: s.muted ? 'MUTED' : 'ACTIVE' } }] : []),
  ]);
  return {
    query: {
      filter,
      sort: MEMBER_SORTING[s.sort ?? 'newest'],
      paging: { limit: s.limit ?? 20, offset: s.offset ?? 0 },
    },
    fieldsets: ['FULL' as const],
    ...(text ? { search: { expression: text } } : {}),
  };
}

const memberAction =
  (action: 'approve' | 'block' | 'mute' | 'unmute' | 'disconnect') => async (http: HttpClient, id: string) =>
    (
      await http.request<{ member: MemberView }>({
        method: 'POST',
        path: `${MEMBERS}/{id}/${action}`,
        pathParams: { id },
        body: {},
      })
    ).member;

export const adminMemberCalls = {
  query: (http: HttpClient, s: MemberSearch): Promise<MembersPage> =>
    http.request<MembersPage>({ method: 'POST', path: `${MEMBERS}/query`, body: memberQueryBody(s) }),
  /** One member, every field. */
  /** The member whose login e-mail this is (e-mails are compared trimmed and lower-cased), if any. */
  byEmail: async (http: HttpClient, email: string): Promise<MemberView | undefined> =>
    (
      await http.request<MembersPage>({
        method: 'POST',
        path: `${MEMBERS}/query`,
        body: {
          query: { filter: { loginEmail: { $eq: email.trim().toLowerCase() } }, paging: { limit: 1 } },
          fieldsets: ['FULL'],
        },
      })
    ).members[0],
  get: async (http: HttpClient, id: string): Promise<MemberView> =>
    (
      await http.request<{ member: MemberView }>({
        method: 'GET',
        path: `${MEMBERS}/{id}`,
        pathParams: { id },
        query: { fieldsets: ['FULL'] },
      })
    ).member,
  /** PENDING or BLOCKED → APPROVED (lifts a block). */
  approve: memberAction('approve'),
  /** No more sign-in; their sessions end and their access tokens are refused within seconds. */
  block: memberAction('block'),
  /** Signs the member out everywhere (every session ends within seconds); they may sign in again. */
  disconnect: memberAction('disconnect'),
  /** Where the member is signed in: their live sessions, the most recently active first. */
  sessions: async (http: HttpClient, id: string): Promise<MemberSessionView[]> =>
    (
      await http.request<{ sessions: MemberSessionView[] }>({
        method: 'GET',
        path: `${MEMBERS}/{id}/sessions`,
        pathParams: { id },
      })
    ).sessions,
  /** Muted members cannot write reviews. */
  mute: memberAction('mute'),
  unmute: memberAction('unmute'),
  /** For good: the identity is deleted, its e-mail may register again. */
  delete: (http: HttpClient, id: string) =>
    http.request<object>({ method: 'DELETE', path: `${MEMBERS}/{id}`, pathParams: { id } }),
};

export const BACK_IN_STOCK_WAITING: BackInStockStatus[] = ['RECEIVED', 'PROCESSING'];

export interface AdminBackInStockSearch extends CursorSearch {
  /** One product's requests (any variant, or the product as a whole). */
  productId?: string;
  /** `waiting`: RECEIVED or PROCESSING; `done`: NOTIFICATION_SENT or FAILED. */
  state?: 'waiting' | 'done';
  /** Part of the e-mail address. */
  email?: string;
}

export interface AdminBackInStockPage {
  requests: WireBackInStockRequest[];
  metadata: { count: number; cursors: { next: string | null; prev: string | null } };
}

export const adminBackInStockFilter = (s: AdminBackInStockSearch): Filter =>
  allOf([
    ...(s.productId ? [{ 'catalogReference.catalogItemId': { $eq: s.productId } }] : []),
    ...(s.state === 'waiting' ? [{ status: { $in: BACK_IN_STOCK_WAITING } }] : []),
    ...(s.state === 'done' ? [{ status: { $in: ['NOTIFICATION_SENT', 'FAILED'] } }] : []),
    ...(s.email?.trim() ? [{ email: { $contains: s.email.trim().toLowerCase() } }] : []),
  ]);

/** A product (or one of its variants) of the stores catalog, as back-in-stock requests name it. */
export const catalogReferenceOf = (productId: string, variantId?: string): BackInStockCatalogReference => ({
  catalogItemId: productId,
  appId: STORES_APP_ID,
  ...(variantId ? { options: { variantId } } : {}),
});

export const adminBackInStockCalls = {
  query: (http: HttpClient, s: AdminBackInStockSearch): Promise<AdminBackInStockPage> =>
    http.request<AdminBackInStockPage>({
      method: 'POST',
      path: `${BIS}/query`,
      body: cursorQueryBody(adminBackInStockFilter(s), [{ fieldName: 'createdDate', order: 'DESC' }], s, 50),
    }),
  /** Waiting requests per item (a variant's count includes the product-level requests). */
  counts: async (http: HttpClient, refs: BackInStockCatalogReference[]) =>
    refs.length === 0
      ? []
      : (
          await http.request<{
            countsPerCatalogReference: { catalogReference: BackInStockCatalogReference; count: number }[];
          }>({
            method: 'GET',
            path: `${BIS}/count-by-catalog-reference`,
            query: { catalogReferences: refs },
            rComplex: true,
          })
        ).countsPerCatalogReference,
  /**
   * E-mails everyone waiting for an item (a product: all its requests; a variant: its own and the
   * product-level ones), or the given requests; answers at once, a job sends the mail.
   */
  reportBackInStock: (
    http: HttpClient,
    v: { catalogReference: BackInStockCatalogReference } | { requestIds: string[] },
  ) => http.request<object>({ method: 'POST', path: `${BIS}/report-items-back-in-stock`, body: v }),
  /** The merchant told the shopper some other way. */
  markAsSent: async (http: HttpClient, id: string): Promise<WireBackInStockRequest> =>
    (
      await http.request<{ request: WireBackInStockRequest }>({
        method: 'PUT',
        path: `${BIS}/{id}/mark-as-notification-sent`,
        pathParams: { id },
        body: { id },
      })
    ).request,
  delete: (http: HttpClient, id: string) =>
    http.request<object>({ method: 'DELETE', path: `${BIS}/{id}`, pathParams: { id } }),
};
