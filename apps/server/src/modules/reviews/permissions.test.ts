import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../../test/identity.ts';
import { fakeTokens } from '../../test/media.ts';
import { member } from '../../test/oauth.ts';
import { createOrder, orderBody } from '../../test/orders.ts';
import { ADMIN_KEY, startTestServer, type Answer, type TestServer } from '../../test/server.ts';
import { shopProduct } from '../../test/shop.ts';

/**
 * Every reviews route (README table) with every caller: anonymous, a visitor, a member who is not
 * the author, the author (a member), and an admin. Reading published reviews, summaries and the
 * e-mailed link is for anyone; writing for visitors, members and admins; changing or deleting a
 * review for its author and admins; replies, moderation, bulk calls, settings and review requests
 * for admins only. Allowed calls answer 200; refused ones 401 (anonymous) or 403.
 */
type Role = 'anonymous' | 'visitor' | 'member' | 'author' | 'admin';
const ROLES: Role[] = ['anonymous', 'visitor', 'member', 'author', 'admin'];
const ANYONE = ROLES;
const WRITERS: Role[] = ['visitor', 'member', 'author', 'admin'];
const OWNER: Role[] = ['author', 'admin'];
const ADMIN: Role[] = ['admin'];

let s: TestServer;
let auth: Record<Role, string | undefined>;
let authorId = '';
/** The product of the review every `:reviewId` route is called on (by the author, published). */
let reviewed = '';
let target = '';
let n = 0;

beforeAll(async () => {
  s = await startTestServer({ verifyToken: fakeTokens });
  const author = await member(s);
  const other = await member(s);
  authorId = author.memberId;
  auth = {
    anonymous: undefined,
    visitor: 'visitor:v-perm',
    member: `member:${other.memberId}`,
    author: `member:${author.memberId}`,
    admin: ADMIN_KEY,
  };
  reviewed = (await shopProduct(s, { name: 'Reviewed', price: '10' })).productId;
});
afterAll(async () => {
  await s?.stop();
});

const call = <T = Record<string, unknown>>(role: Role, method: string, path: string, body?: unknown) =>
  s.request<T>(method, path, {
    ...(auth[role] ? { auth: auth[role] } : {}),
    ...(body !== undefined ? { body } : {}),
  });
const ok = <T>(r: Answer<T>) => {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const freshProduct = async () => (await shopProduct(s, { name: `P${++n}`, price: '10' })).productId;

/** The author's published review of `reviewed`: written again when a call deleted it. */
async function ensureTarget(): Promise<string> {
  if (target) {
    const r = await s.admin('GET', `/reviews/v1/reviews/${target}?returnPrivateReviews=true`);
    if (r.status === 200) {
      ok(await s.admin('PATCH', `/reviews/v1/reviews/${target}/moderate`, { status: 'APPROVED' }));
      return target;
    }
  }
  const made = ok(
    await call<{ review: { id: string } }>('author', 'POST', '/reviews/v1/reviews', {
      review: { namespace: 'stores', entityId: reviewed, content: { title: 'Mine', rating: 4 } },
    }),
  );
  target = made.review.id;
  ok(await s.admin('PATCH', `/reviews/v1/reviews/${target}/moderate`, { status: 'APPROVED' }));
  return target;
}

const requestBody = async (sendDate?: string) => ({
  namespace: 'stores',
  items: [{ catalogItemId: await freshProduct() }],
  recipient: { contactId: authorId },
  ...(sendDate ? { sendDate } : {}),
});
const later = () => new Date(s.clock.now().getTime() + 30 * 86_400_000).toISOString();
async function scheduledRequest(): Promise<string> {
  const r = ok(
    await s.admin<{ reviewRequest: { id: string } }>('POST', '/reviews/v2/review-requests', {
      reviewRequest: await requestBody(later()),
    }),
  );
  return r.reviewRequest.id;
}

/** A SENT request for an order of a fresh product, and the token of its e-mailed link. */
async function linkToken(): Promise<{ token: string; productId: string }> {
  const productId = await freshProduct();
  const email = `link-${++n}@example.test`;
  const body = orderBody({ email, lines: [['Linked', '10.00', 1]] });
  (body.order.lineItems[0]!.catalogReference as { catalogItemId: string }).catalogItemId = productId;
  const order = await createOrder(s, body);
  ok(
    await s.admin('POST', '/reviews/v2/review-requests', {
      reviewRequest: { namespace: 'stores', order: { id: order.id } },
    }),
  );
  await s.app.jobs.runDue();
  const mail = await s.until(async () =>
    (await mailsTo(s, email)).find((m) => m.text.includes('/review?token=')),
  );
  const link = /(https?:\/\/\S+\/review\?token=\S+)/.exec(mail.text)![1]!;
  return { token: new URL(link).searchParams.get('token')!, productId };
}

interface Case {
  allowed: Role[];
  /** Makes the call as `role` (preparing what it needs first). */
  run(role: Role): Promise<Answer>;
}

const content = { title: 'Fine', rating: 5 };
let sharedLink = '';

/** Every route of the README table, keyed as the router registers it. */
const cases: Record<string, Case> = {
  'GET /reviews/v1/reviews/:reviewId': {
    allowed: ANYONE,
    run: async (role) => call(role, 'GET', `/reviews/v1/reviews/${await ensureTarget()}`),
  },
  'POST /reviews/v1/reviews': {
    allowed: WRITERS,
    run: async (role) =>
      call(role, 'POST', '/reviews/v1/reviews', {
        review: { namespace: 'stores', entityId: await freshProduct(), content },
      }),
  },
  'POST /reviews/v1/reviews/contact': {
    allowed: WRITERS,
    run: async (role) =>
      call(role, 'POST', '/reviews/v1/reviews/contact', {
        namespace: 'stores',
        entityId: await freshProduct(),
        content,
        name: 'Contact',
        email: `contact-${++n}@example.test`,
      }),
  },
  'PATCH /reviews/v1/reviews/:reviewId': {
    allowed: OWNER,
    run: async (role) =>
      call(role, 'PATCH', `/reviews/v1/reviews/${await ensureTarget()}`, {
        review: { content: { rating: 3 } },
      }),
  },
  'DELETE /reviews/v1/reviews/:reviewId': {
    allowed: OWNER,
    run: async (role) => call(role, 'DELETE', `/reviews/v1/reviews/${await ensureTarget()}`),
  },
  'PATCH /reviews/v1/reviews/:reviewId/reply': {
    allowed: ADMIN,
    run: async (role) =>
      call(role, 'PATCH', `/reviews/v1/reviews/${await ensureTarget()}/reply`, { message: 'Thanks' }),
  },
  'DELETE /reviews/v1/reviews/:reviewId/reply': {
    allowed: ADMIN,
    run: async (role) => call(role, 'DELETE', `/reviews/v1/reviews/${await ensureTarget()}/reply`),
  },
  'POST /reviews/v1/reviews/count': {
    allowed: ANYONE,
    run: (role) => call(role, 'POST', '/reviews/v1/reviews/count', { filter: {} }),
  },
  'POST /reviews/v1/reviews/query': {
    allowed: ANYONE,
    run: (role) => call(role, 'POST', '/reviews/v1/reviews/query', { query: { cursorPaging: { limit: 5 } } }),
  },
  'PATCH /reviews/v1/reviews/:reviewId/moderate': {
    allowed: ADMIN,
    run: async (role) =>
      call(role, 'PATCH', `/reviews/v1/reviews/${await ensureTarget()}/moderate`, { status: 'APPROVED' }),
  },
  'POST /reviews/v1/bulk/reviews/moderate': {
    allowed: ADMIN,
    run: (role) =>
      call(role, 'POST', '/reviews/v1/bulk/reviews/moderate', {
        filter: { entityId: randomUUID() },
        status: 'APPROVED',
      }),
  },
  'POST /reviews/v1/bulk/reviews/delete': {
    allowed: ADMIN,
    run: (role) =>
      call(role, 'POST', '/reviews/v1/bulk/reviews/delete', { filter: { entityId: randomUUID() } }),
  },
  'POST /reviews/v1/bulk/reviews/create': {
    allowed: ADMIN,
    run: async (role) =>
      call(role, 'POST', '/reviews/v1/bulk/reviews/create', {
        reviews: [{ namespace: 'stores', entityId: await freshProduct(), content }],
      }),
  },
  'GET /reviews/v1/summaries': {
    allowed: ANYONE,
    run: (role) => call(role, 'GET', `/reviews/v1/summaries?namespace=stores&entityIds=${reviewed}`),
  },
  'GET /reviews/v1/settings': {
    allowed: ADMIN,
    run: (role) => call(role, 'GET', '/reviews/v1/settings'),
  },
  'PATCH /reviews/v1/settings': {
    allowed: ADMIN,
    run: (role) => call(role, 'PATCH', '/reviews/v1/settings', { settings: { moderation: 'MANUAL' } }),
  },
  'POST /reviews/v2/review-requests': {
    allowed: ADMIN,
    run: async (role) =>
      call(role, 'POST', '/reviews/v2/review-requests', { reviewRequest: await requestBody(later()) }),
  },
  'GET /reviews/v2/review-requests/:reviewRequestId': {
    allowed: ADMIN,
    run: async (role) => call(role, 'GET', `/reviews/v2/review-requests/${await scheduledRequest()}`),
  },
  'DELETE /reviews/v2/review-requests/:reviewRequestId': {
    allowed: ADMIN,
    run: async (role) => call(role, 'DELETE', `/reviews/v2/review-requests/${await scheduledRequest()}`),
  },
  'POST /reviews/v2/review-requests/count': {
    allowed: ADMIN,
    run: (role) => call(role, 'POST', '/reviews/v2/review-requests/count', { filter: {} }),
  },
  'POST /reviews/v2/review-requests/query': {
    allowed: ADMIN,
    run: (role) => call(role, 'POST', '/reviews/v2/review-requests/query', { query: {} }),
  },
  'POST /reviews/v2/bulk/review-requests/create': {
    allowed: ADMIN,
    run: async (role) =>
      call(role, 'POST', '/reviews/v2/bulk/review-requests/create', {
        reviewRequests: [await requestBody(later())],
      }),
  },
  'PUT /reviews/v2/bulk/review-requests/cancel-by-filter': {
    allowed: ADMIN,
    run: (role) =>
      call(role, 'PUT', '/reviews/v2/bulk/review-requests/cancel-by-filter', {
        filter: { id: randomUUID() },
      }),
  },
  'POST /reviews/v2/review-requests/link/open': {
    allowed: ANYONE,
    run: async (role) => {
      sharedLink ||= (await linkToken()).token;
      return call(role, 'POST', '/reviews/v2/review-requests/link/open', { token: sharedLink });
    },
  },
  'POST /reviews/v2/review-requests/link/submit': {
    allowed: ANYONE,
    run: async (role) => {
      const { token, productId } = await linkToken();
      return call(role, 'POST', '/reviews/v2/review-requests/link/submit', {
        token,
        catalogItemId: productId,
        content,
      });
    },
  },
};

describe('permission matrix', () => {
  it('lists every reviews route, and only those, in the matrix', () => {
    const routes = s.app.router.routes.filter((r) => /^\/(_api\/)?reviews\//.test(r.url));
    const keys = routes.map((r) => `${r.method} ${r.url}`).sort();
    expect(keys).toEqual(Object.keys(cases).sort());
    for (const r of routes) {
      const c = cases[`${r.method} ${r.url}`]!;
      // Open routes are the ones anonymous callers may use; admin-only ones are declared so.
      expect(r.roles === 'any', `${r.method} ${r.url}`).toBe(c.allowed.includes('anonymous'));
      if (c.allowed === ADMIN) expect(r.roles, `${r.method} ${r.url}`).toEqual(['admin']);
    }
  });

  it('walks every reviews route with every role', async () => {
    const table: string[] = [];
    for (const [key, c] of Object.entries(cases)) {
      for (const role of ROLES) {
        // A new hour for each call, so the per-author and per-address hourly limits never interfere.
        s.clock.advance(3_600_001);
        const r = await c.run(role);
        const expected = c.allowed.includes(role) ? 200 : role === 'anonymous' ? 401 : 403;
        table.push(`${key} as ${role}: ${r.status}${r.status === expected ? '' : ` (expected ${expected})`}`);
        expect.soft(r.status, `${key} as ${role}: ${JSON.stringify(r.body)}`).toBe(expected);
      }
    }
    const wrong = table.filter((l) => l.includes('expected'));
    expect(wrong, table.join('\n')).toEqual([]);
  });

  it("hides another's unpublished review (404) rather than refusing it", async () => {
    s.clock.advance(3_600_001);
    const id = await ensureTarget();
    ok(await s.admin('PATCH', `/reviews/v1/reviews/${id}/moderate`, { status: 'REJECTED' }));
    for (const role of ['anonymous', 'visitor', 'member'] as const) {
      expect((await call(role, 'GET', `/reviews/v1/reviews/${id}`)).status, role).toBe(404);
    }
    for (const role of ['visitor', 'member'] as const) {
      expect(
        (await call(role, 'PATCH', `/reviews/v1/reviews/${id}`, { review: { content: { rating: 1 } } }))
          .status,
      ).toBe(404);
      expect((await call(role, 'DELETE', `/reviews/v1/reviews/${id}`)).status).toBe(404);
    }
    expect((await call('author', 'GET', `/reviews/v1/reviews/${id}`)).status).toBe(200);
    expect((await call('admin', 'GET', `/reviews/v1/reviews/${id}`)).status).toBe(404);
    expect((await call('admin', 'GET', `/reviews/v1/reviews/${id}?returnPrivateReviews=true`)).status).toBe(
      200,
    );
  });
});
