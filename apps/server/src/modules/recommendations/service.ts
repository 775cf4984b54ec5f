/** getRecommendation: one indexed read of the kept pairs or sales, then the catalog's filters (README). */
import { APP_ID } from '@vitrine/contract';
import type { z } from 'zod';
import type { getRecommendationRequest } from '@vitrine/contract';
import type { Ctx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { productsLike, productTraits, showableProducts } from '../catalog/index.ts';
import { GLOBAL_ID, RELATED_ITEMS_ID } from './algorithms.ts';
import { bestSellers, boughtWith } from './store.ts';

type Request = z.output<typeof getRecommendationRequest>;
/** Items returned when the caller asks for no minimum. */
export const DEFAULT_ITEMS = 8;
const DAY = 86_400_000;

/** Appends `more` to `have` (no repeats) up to `want` items. */
function fill(have: string[], more: readonly string[], want: number) {
  for (const id of more) {
    if (have.length >= want) break;
    if (!have.includes(id)) have.push(id);
  }
}

async function related(ctx: Ctx, asked: string[], want: number, minimum: number): Promise<string[]> {
  if (asked.length === 0) return global(ctx, asked, want, minimum);
  const out: string[] = [];
  fill(out, await showableProducts(ctx.db, await boughtWith(ctx.db, asked, want * 3)), want);
  if (out.length < want) {
    const traits = await productTraits(ctx.db, asked);
    const cats = [...new Set(traits.flatMap((t) => t.category_ids))];
    // Items in no category are compared by price alone.
    const categoryIds = cats.length ? cats : undefined;
    const prices = traits.map((t) => Number(t.min_price));
    const target = prices.length ? prices.reduce((a, b) => a + b, 0) / prices.length : undefined;
    const exclude = () => [...asked, ...out];
    if (target !== undefined) {
      const band = {
        minPrice: Math.floor(target * 0.5),
        maxPrice: Math.ceil(target * 1.5),
        targetPrice: target,
      };
      fill(out, await productsLike(ctx.db, { categoryIds, ...band, exclude: exclude(), limit: want }), want);
      if (out.length < want) {
        fill(
          out,
          await productsLike(ctx.db, { categoryIds, targetPrice: target, exclude: exclude(), limit: want }),
          want,
        );
      }
    }
  }
  if (out.length < minimum)
    fill(out, await global(ctx, [...asked, ...out], minimum - out.length, minimum - out.length), minimum);
  return out;
}

/** Best sellers change slowly: the top list of a day is kept per process for a minute (README). */
const TOP = 300;
const KEEP_MS = 60_000;
/** Per app (its services), so two servers in one process never share a list. */
const kept = new WeakMap<object, { since: string; until: number; ids: string[] }>();
async function topSellers(ctx: Ctx, since: string): Promise<string[]> {
  const now = ctx.clock.now().getTime();
  const hit = kept.get(ctx.services);
  if (hit && hit.since === since && hit.until > now) return hit.ids;
  const ids = await bestSellers(ctx.db, since, [], TOP);
  kept.set(ctx.services, { since, until: now + KEEP_MS, ids });
  return ids;
}

async function global(ctx: Ctx, asked: string[], want: number, minimum: number): Promise<string[]> {
  const since = new Date(ctx.clock.now().getTime() - 30 * DAY).toISOString().slice(0, 10);
  const out: string[] = [];
  const top = (await topSellers(ctx, since)).filter((id) => !asked.includes(id)).slice(0, want * 3);
  fill(out, await showableProducts(ctx.db, top), want);
  if (out.length < minimum) {
    fill(out, await productsLike(ctx.db, { exclude: [...asked, ...out], limit: minimum }), minimum);
  }
  return out;
}

export async function getRecommendation(ctx: Ctx, body: Request) {
  body.items?.forEach((item, i) => {
    if (item.appId !== APP_ID.stores) {
      throw new AppError(400, 'ITEM_APP_ID_NOT_SUPPORTED', 'Only store products are recommended', {
        field: `items.${i}.appId`,
      });
    }
  });
  for (const [i, a] of body.algorithms.entries()) {
    if (a.appId !== APP_ID.stores || (a.id !== RELATED_ITEMS_ID && a.id !== GLOBAL_ID)) {
      throw new AppError(
        400,
        'ALGORITHM_NOT_SUPPORTED',
        'Unknown algorithm; see GET /v1/recommendations/algorithms',
        {
          field: `algorithms.${i}`,
        },
      );
    }
  }
  const asked = [...new Set((body.items ?? []).map((i) => i.catalogItemId.toLowerCase()))];
  const minimum = body.minimumRecommendedItems ?? 0;
  const want = Math.min(Math.max(minimum, DEFAULT_ITEMS), 100);
  // The first algorithm that reaches the minimum answers; otherwise the one that found the most.
  let best: { id: string; items: string[] } | undefined;
  for (const a of body.algorithms) {
    const items =
      a.id === RELATED_ITEMS_ID
        ? await related(ctx, asked, want, minimum)
        : await global(ctx, asked, want, minimum);
    if (!best || items.length > best.items.length) best = { id: a.id, items };
    if (items.length >= minimum && items.length > 0) {
      best = { id: a.id, items };
      break;
    }
  }
  return {
    recommendation: {
      items: best!.items.map((catalogItemId) => ({ catalogItemId, appId: APP_ID.stores, options: null })),
      algorithm: { id: best!.id, appId: APP_ID.stores },
    },
  };
}
