/** Demo reviews: a few published reviews (some with the store's reply) on the first demo products. */
import { randomUUID } from 'node:crypto';
import type { Ctx } from '../../platform/context.ts';
import { visibleProductIds } from '../catalog/index.ts';
import { setReply } from './moderation.ts';
import { createReview } from './service.ts';
import { authorOf } from './authors.ts';

const SAMPLES: { name: string; rating: number; title: string; body: string; reply?: string }[] = [
  {
    name: 'Maya R.',
    rating: 5,
    title: 'Exactly as pictured',
    body: 'Lovely quality and it arrived two days early. I would buy it again.',
  },
  {
    name: 'Tom B.',
    rating: 4,
    title: 'Very good',
    body: 'Fits well and feels solid. Took one star off because the colour is a little darker than on screen.',
    reply: 'Thanks Tom! We have updated the photos so the colour shows truer.',
  },
  {
    name: 'Inès L.',
    rating: 5,
    title: 'A gift that was a hit',
    body: 'Bought it for my brother, he has used it every day since.',
  },
  {
    name: 'Sam K.',
    rating: 3,
    title: 'Good, not great',
    body: 'Does the job. The packaging could use less plastic.',
    reply: 'Fair point, Sam: we are moving to paper packaging this season.',
  },
];

export async function seedReviewsDemo(ctx: Ctx): Promise<void> {
  const products = await visibleProductIds(ctx.db, 6);
  const day = 86_400_000;
  const now = ctx.clock.now().getTime();
  for (const [p, productId] of products.entries()) {
    const count = 1 + ((p * 3) % SAMPLES.length);
    for (let i = 0; i < count; i++) {
      const s = SAMPLES[(p + i) % SAMPLES.length]!;
      const author = await authorOf(ctx, { name: s.name, contactId: randomUUID(), authorType: 'VISITOR' });
      const review = await createReview(
        ctx,
        {
          namespace: 'stores',
          entityId: productId,
          content: { rating: s.rating, title: s.title, body: s.body },
          reviewDate: new Date(now - (3 + p * 5 + i * 11) * day).toISOString(),
          verified: i % 2 === 0,
        },
        { author },
      );
      if (s.reply) await setReply(ctx, review.id, s.reply);
    }
  }
}
