/**
 * Bad input gets a 4xx, never a 500: every route of the API, as a visitor and as an admin, with
 * bodies of the wrong shape, unknown fields, bad ids, bad amounts, bad cursors and bad filters;
 * and text PostgreSQL cannot store (U+0000, unpaired surrogates) in every path parameter, query
 * parameter and JSON string, refused with one validation error.
 */
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../platform/http/route.ts';
import { UNSAFE_TEXT } from '../platform/http/unsafe-text.ts';
import { ADMIN_KEY, startTestServer, violations, type TestServer } from '../test/server.ts';
import { anonymousTokens, bundledClientId, memberTokens, shopClient } from '../test/oauth.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { DEMO_DATA: 'true' } });
});
afterAll(async () => {
  await s?.stop();
});

const bodies: unknown[] = [
  {},
  { a: 1 },
  [],
  'x',
  42,
  null,
  { lineItems: [{}] },
  {
    lineItems: [
      {
        catalogReference: {
          catalogItemId: 'x',
          appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
          options: { variantId: 12 },
        },
        quantity: 1,
      },
    ],
  },
  { checkout: { shippingInfo: { shippingDestination: { address: { country: 'ZZ' } } } } },
  { query: { filter: { nope: { $eq: 1 } } } },
  { query: { cursorPaging: { cursor: 'garbage' } } },
  { couponCode: 'x'.repeat(60) },
  { giftCardCode: '???' },
  {
    channelType: 'WEB',
    lineItems: [
      {
        catalogReference: {
          catalogItemId: '00000000-0000-0000-0000-000000000000',
          appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
        },
        quantity: 1,
      },
    ],
  },
  {
    order: {
      lineItems: [{ productName: { original: 'x' }, quantity: 1, price: { amount: '1.005' } }],
      priceSummary: { subtotal: { amount: '1' }, total: { amount: '1' } },
    },
  },
  { payments: [{ paymentId: 'x', amount: { amount: '-1' } }] },
  { amount: { amount: '1e9' } },
  { card: { number: '4242' } },
];

it('answers every route with something other than a 500, whatever the body', async () => {
  const visitor = (await anonymousTokens(s, bundledClientId(s))).access_token;
  const fails: string[] = [];
  for (const r of s.app.router.routes) {
    // Logging out or rotating keys mid-run would only change who the later calls are.
    if (/logout|\/oauth2\/v1\/clients|api-keys/.test(r.url)) continue;
    const path = r.url.replace(/:[a-zA-Z]+/g, '00000000-0000-7000-8000-000000000000');
    for (const auth of [visitor, ADMIN_KEY]) {
      for (const body of r.method === 'GET' || r.method === 'DELETE' ? [undefined] : bodies) {
        const res = await s.request(r.method, path, {
          auth,
          ...(body !== undefined ? { body: typeof body === 'string' ? JSON.stringify(body) : body } : {}),
        });
        // 501 is the documented answer of a call Vitrine does not support (SSO); anything else 5xx is a bug.
        if (res.status >= 500 && res.status !== 501)
          fails.push(`${r.method} ${path} ${JSON.stringify(body)} → ${res.status}`);
      }
    }
  }
  expect(fails).toEqual([]);
}, 600_000);

/** A JSON Schema node, as `z.toJSONSchema` writes them for request shapes. */
interface Js {
  type?: string | string[];
  properties?: Record<string, Js>;
  items?: Js;
  prefixItems?: Js[];
  anyOf?: Js[];
  oneOf?: Js[];
  allOf?: Js[];
  enum?: unknown[];
  const?: unknown;
  additionalProperties?: Js | boolean;
}

/**
 * A value of the schema's shape where every string is `text(n)` (n counts the strings so far) and
 * every record has one key: the bad text reaches each field a handler would read.
 */
function shaped(
  schema: Js | boolean | undefined,
  text: (n: number) => string,
  count = { n: 0 },
  depth = 0,
): unknown {
  if (!schema || schema === true || depth > 8) return text(count.n++);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const option = schema.anyOf?.find((o) => o.type !== 'null') ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (option) return shaped(option, text, count, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(schema.properties ?? {})) out[k] = shaped(v, text, count, depth + 1);
    if (typeof schema.additionalProperties === 'object')
      out.key = shaped(schema.additionalProperties, text, count, depth + 1);
    return out;
  }
  if (type === 'array')
    return schema.prefixItems
      ? schema.prefixItems.map((i) => shaped(i, text, count, depth + 1))
      : [shaped(schema.items, text, count, depth + 1)];
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return true;
  return text(count.n++);
}

const jsonSchema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as Js;
const NUL = 'a\u0000b';
const LONE = 'a\ud800b';

describe('text PostgreSQL cannot store', () => {
  let tokens: { visitor: string; member: string };
  beforeAll(async () => {
    tokens = {
      visitor: (await anonymousTokens(s, bundledClientId(s))).access_token,
      member: (await memberTokens(s, await shopClient(s))).tokens.access_token,
    };
  });
  /** A caller the route lets through, so the answer is about the input. */
  const callerOf = (r: RegisteredRoute) =>
    r.roles === 'any'
      ? tokens.visitor
      : r.roles.includes('admin')
        ? ADMIN_KEY
        : r.roles.includes('member')
          ? tokens.member
          : tokens.visitor;
  const path = (r: RegisteredRoute, param: string) => r.url.replace(/:[a-zA-Z]+/g, param);

  async function expectRefused(
    fails: string[],
    what: string,
    r: RegisteredRoute,
    url: string,
    body?: unknown,
  ) {
    const res = await s.request(r.method, url, {
      auth: callerOf(r),
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const v = res.status === 400 ? violations(res.body)[0] : undefined;
    if (v?.description !== UNSAFE_TEXT || v.violatedRule !== 'FORMAT')
      fails.push(`${r.method} ${url} ${what} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  }

  it('refuses U+0000 and unpaired surrogates in every JSON string of every route with a 400 validation error', async () => {
    const fails: string[] = [];
    for (const r of s.app.router.routes.filter((x) => x.body)) {
      const schema = jsonSchema(r.body!);
      const url = path(r, '00000000-0000-7000-8000-000000000000');
      // Every string NUL; then only the last string an unpaired surrogate, the others plain text.
      // A shape without strings gets one in an extra field (refused before unknown fields are).
      const count = { n: 0 };
      const all = shaped(schema, () => NUL, count);
      const last = count.n - 1;
      await expectRefused(fails, 'all NUL', r, url, count.n ? all : { note: NUL });
      await expectRefused(
        fails,
        'last lone surrogate',
        r,
        url,
        count.n ? shaped(schema, (n) => (n === last ? LONE : 'x')) : { note: LONE },
      );
    }
    expect(fails).toEqual([]);
  }, 600_000);

  it('refuses them in every path parameter and query parameter (plain and .r)', async () => {
    const fails: string[] = [];
    for (const r of s.app.router.routes) {
      const url = path(r, '00000000-0000-7000-8000-000000000000');
      if (r.url.includes(':')) {
        await expectRefused(fails, 'NUL path parameter', r, path(r, 'a%00b'));
        // A surrogate cannot be percent-encoded as UTF-8; its CESU-8 bytes are not a URL at all.
        const cesu = await s.request(r.method, path(r, 'a%ED%A0%80b'), { auth: callerOf(r) });
        if (
          cesu.status !== 400 ||
          (cesu.body as { details?: { applicationError?: { code?: string } } }).details?.applicationError
            ?.code !== 'BAD_URL'
        ) {
          fails.push(
            `${r.method} ${path(r, 'a%ED%A0%80b')} → ${cesu.status} ${JSON.stringify(cesu.body).slice(0, 200)}`,
          );
        }
      }
      // The query's own fields where they take text (enums do not), else an extra parameter.
      const query = r.query ? (shaped(jsonSchema(r.query), () => NUL) as Record<string, unknown>) : {};
      const plain = Object.entries(query)
        .filter(([, v]) => v === NUL)
        .map(([k]) => `${encodeURIComponent(k)}=${encodeURIComponent(NUL)}`);
      await expectRefused(fails, 'NUL query', r, `${url}?${plain.length ? plain.join('&') : 'q=a%00b'}`);
      const count = { n: 0 };
      const loneQuery = r.query ? shaped(jsonSchema(r.query), () => LONE, count) : {};
      const dotR = Buffer.from(
        JSON.stringify(count.n ? loneQuery : { ...(loneQuery as object), q: LONE }),
      ).toString('base64url');
      await expectRefused(fails, 'lone surrogate in .r', r, `${url}?.r=${dotR}`);
    }
    expect(fails).toEqual([]);
  }, 600_000);
});
