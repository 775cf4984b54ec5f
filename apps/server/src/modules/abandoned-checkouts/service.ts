/** The calls on abandoned checkouts (the merchant's), and opening a recovery link (anyone with it). */
import type {
  AbandonedCheckoutAnalytics,
  AbandonedCheckoutQuery,
  abandonedCheckoutAnalyticsRequest,
  addAbandonedCheckoutActivityRequest,
  searchAbandonedCheckoutsRequest,
  WireAbandonedCheckout,
} from '@vitrine/contract';
import type { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/tx.ts';
import { violation } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { cursorPage, offsetPage } from '../../platform/query/page.ts';
import { checkoutPageFor } from '../hosted-checkout/index.ts';
import { load as loadCheckout } from '../checkout/index.ts';
import { checkRecoveryToken } from './link.ts';
import { noteActivity } from './send.ts';
import { abandonedBase, abandonedSpec, findAbandoned, removeAbandoned, totalsBetween } from './store.ts';
import { abandonedNotFound, emitAbandonedEvent, toWire } from './wire.ts';

/** A row by id; a malformed id is as unknown as a missing one (404, never 400). */
async function rowOf(ctx: Ctx, id: string, forUpdate = false) {
  const row = isUuid(id) ? await findAbandoned(ctx.db, id.toLowerCase(), forUpdate) : undefined;
  if (!row) throw abandonedNotFound(id);
  return row;
}

export async function getAbandoned(ctx: Ctx, id: string): Promise<WireAbandonedCheckout> {
  return toWire(ctx, await rowOf(ctx, id));
}

export async function deleteAbandoned(ctx: Ctx, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const row = await rowOf(tx, id, true);
    await removeAbandoned(tx.db, [row.id]);
    await emitAbandonedEvent(tx, row, 'deleted');
  });
}

/** Deletes each id it can; an unknown one is a failed item (404), not a failed call. */
export async function bulkDeleteAbandoned(ctx: Ctx, ids: readonly string[]) {
  const wanted = [...new Set(ids.filter(isUuid).map((i) => i.toLowerCase()))];
  const deleted = await inTransaction(ctx, async (tx) => {
    const rows = await removeAbandoned(tx.db, wanted);
    for (const r of rows) await emitAbandonedEvent(tx, r, 'deleted');
    return new Set(rows.map((r) => r.id));
  });
  const results = ids.map((id, originalIndex) => {
    const success = deleted.has(id.toLowerCase());
    return {
      itemMetadata: {
        id,
        originalIndex,
        success,
        ...(success
          ? {}
          : {
              error: {
                code: 'ABANDONED_CHECKOUT_NOT_FOUND',
                description: `No abandoned checkout ${id}`,
                data: { id },
              },
            }),
      },
    };
  });
  const ok = results.filter((r) => r.itemMetadata.success).length;
  return {
    results,
    bulkActionMetadata: { totalSuccesses: ok, totalFailures: ids.length - ok, undetailedFailures: 0 },
  };
}

export async function queryAbandoned(ctx: Ctx, query: AbandonedCheckoutQuery | undefined, where = 'query') {
  if (query?.paging && !query.cursorPaging) {
    // Offset paging (the platform's QueryV2 takes either), with the total.
    const page = await offsetPage(ctx.db, abandonedBase(ctx.db), abandonedSpec, query, where);
    return {
      abandonedCheckouts: await Promise.all(page.items.map((r) => toWire(ctx, r))),
      metadata: {
        count: page.items.length,
        offset: page.offset,
        total: page.total,
        tooManyToCount: page.tooManyToCount,
        cursors: { next: null, prev: null },
      },
    };
  }
  const page = await cursorPage(abandonedBase(ctx.db), abandonedSpec, query, where);
  return {
    abandonedCheckouts: await Promise.all(page.items.map((r) => toWire(ctx, r))),
    metadata: { count: page.items.length, cursors: page.cursors },
  };
}

/** Search: the query, and each word of `expression` starting the buyer's e-mail, first or last name. */
export async function searchAbandoned(
  ctx: Ctx,
  search: z.infer<typeof searchAbandonedCheckoutsRequest>['search'],
) {
  const words = (search?.search?.expression ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  const matching = words.map((w) => ({
    $or: ['buyerInfo.email', 'contactDetails.firstName', 'contactDetails.lastName'].map((f) => ({
      [f]: { $startsWith: w },
    })),
  }));
  const filter = search?.filter ?? undefined;
  const combined = matching.length ? { $and: [...(filter ? [filter] : []), ...matching] } : filter;
  const page = await queryAbandoned(
    ctx,
    {
      ...(combined ? { filter: combined } : {}),
      ...(search?.sort ? { sort: search.sort } : {}),
      ...(search?.cursorPaging ? { cursorPaging: search.cursorPaging } : {}),
      ...(search?.paging ? { paging: search.paging } : {}),
    },
    'search',
  );
  return { abandonedCheckouts: page.abandonedCheckouts, pagingMetadata: page.metadata };
}

export async function addAbandonedActivity(
  ctx: Ctx,
  id: string,
  body: z.infer<typeof addAbandonedCheckoutActivityRequest>,
): Promise<WireAbandonedCheckout> {
  if (body.abandonedCheckoutId != null && body.abandonedCheckoutId.toLowerCase() !== id.toLowerCase())
    throw violation('abandonedCheckoutId', 'must match the path');
  const row = await inTransaction(ctx, async (tx) =>
    noteActivity(tx, (await rowOf(tx, id, true)).id, body.activityType),
  );
  return toWire(ctx, row);
}

/** A date (`2026-12-01`: the whole UTC day) or an instant; `end` takes a date's last moment. */
function instantOf(field: string, v: string, end: boolean): Date {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(v);
  const d = new Date(day ? `${v}T00:00:00.000Z` : v);
  if (Number.isNaN(d.getTime()))
    throw violation(field, 'must be a date (YYYY-MM-DD) or an ISO 8601 instant', 'FORMAT');
  return day && end ? new Date(d.getTime() + 86_400_000 - 1) : d;
}

const decimal = (minor: number, scale: number) => (minor / 10 ** scale).toFixed(scale);

/** The figures of the checkouts abandoned in [startDate, endDate]. */
export async function abandonedAnalytics(
  ctx: Ctx,
  req: z.infer<typeof abandonedCheckoutAnalyticsRequest>,
  currency: string,
): Promise<AbandonedCheckoutAnalytics> {
  const from = instantOf('startDate', req.startDate, false);
  const to = instantOf('endDate', req.endDate, true);
  if (to < from) throw violation('endDate', 'must not be before startDate');
  const rows = await totalsBetween(ctx.db, from, to);
  const scale = Math.max(0, ...rows.map((r) => (r.sum.split('.')[1] ?? '').length), 2);
  const minor = (s: string) => Math.round(Number(s) * 10 ** scale);
  const of = (status: 'ABANDONED' | 'RECOVERED') => rows.find((r) => r.status === status);
  const wanted = (s: 'ABANDONED' | 'RECOVERED') => !req.statuses?.length || req.statuses.includes(s);
  const open = wanted('ABANDONED') ? of('ABANDONED') : undefined;
  const recovered = wanted('RECOVERED') ? of('RECOVERED') : undefined;
  const openCount = open?.count ?? 0;
  const recoveredCount = recovered?.count ?? 0;
  const all = openCount + recoveredCount;
  const figures = {
    RECOVERABLE_VALUE: { recoverableValue: decimal(minor(open?.sum ?? '0'), scale) },
    RECOVERABLE_CHECKOUT_COUNT: { recoverableCheckoutCount: openCount },
    AVERAGE_RECOVERABLE_CHECKOUT_VALUE: {
      averageRecoverableCheckoutValue: decimal(
        openCount ? Math.round(minor(open!.sum) / openCount) : 0,
        scale,
      ),
    },
    RECOVERED_VALUE: { recoveredValue: decimal(minor(recovered?.sum ?? '0'), scale) },
    RECOVERED_CHECKOUT_COUNT: { recoveredCheckoutCount: recoveredCount },
    RECOVERY_RATE: { recoveryRate: all ? recoveredCount / all : 0 },
  };
  const metrics = req.metrics?.length ? req.metrics : (Object.keys(figures) as (keyof typeof figures)[]);
  return Object.assign({ currency }, ...metrics.map((m) => figures[m]));
}

/**
 * Where a recovery link leads: for a visitor's checkout, the hosted checkout page signed in to it as
 * that visitor (a fresh single-use checkout link); for a member's, the store's sign-in, then the
 * storefront's cart resuming that checkout (`/cart?resume=`: a link in a mailbox must not sign anyone
 * in to a member's account); the shop's home page once it became an order.
 */
export async function recoveryTarget(ctx: Ctx, id: string, token: string | undefined): Promise<string> {
  if (ctx.caller.role !== 'admin' || token !== undefined) await checkRecoveryToken(ctx, id, token);
  const row = await rowOf(ctx, id);
  const base = ctx.config.PUBLIC_URL;
  let checkout;
  try {
    checkout = await loadCheckout({ ...ctx, caller: { role: 'admin' } }, { id: row.checkout_id });
  } catch {
    return `${base}/`;
  }
  if (row.status === 'RECOVERED' || checkout.row.completed) return `${base}/`;
  return (await checkoutPageFor(ctx, row.checkout_id, checkout.row.owner_key)) ?? `${base}/`;
}
