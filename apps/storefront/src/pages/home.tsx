import { useSuspenseQuery } from '@tanstack/react-query';
import { catalogQueries } from '@vitrine/sdk/react';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { ProductGrid } from '../components/product-card.tsx';
import { lazyPage } from '../lazy-page.tsx';
import { useTitle } from '../use-title.ts';
import { useEnv } from '../env.tsx';
import { FEATURED } from '../routes.tsx';
import { Notice } from '../notice.tsx';

/** "Best sellers": a chunk read in the browser only, below the fold (the server renders nothing for it). */
export const HomeBestSellers = lazyPage(
  () => import('../components/recommendations.tsx'),
  (m) => m.BestSellers,
);

export function Home() {
  const { http, storeName } = useEnv();
  const { data: categories } = useSuspenseQuery(catalogQueries.categories(http));
  const { data: featured } = useSuspenseQuery(catalogQueries.search(http, { limit: FEATURED }));
  useTitle(`${storeName} — shop`);
  return (
    <>
      <Notice />
      <section className="mb-10 rounded-2xl bg-stone-900 px-6 py-12 text-white sm:px-10">
        <h1 className="max-w-xl text-3xl font-semibold tracking-tight sm:text-4xl">
          Well-made things for every day
        </h1>
        <p className="mt-3 max-w-xl text-stone-200">
          Clothes, home goods, accessories and stationery, chosen to last.
        </p>
        <Link
          to="/shop"
          className="mt-6 inline-flex min-h-11 items-center rounded-lg bg-white px-5 font-medium text-stone-900 hover:bg-stone-200"
        >
          Shop all products
        </Link>
      </section>
      <section aria-labelledby="categories-heading" className="mb-10">
        <h2 id="categories-heading" className="mb-4 text-xl font-semibold">
          Shop by category
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4">
          {categories.map((c, i) => (
            <li key={c.id}>
              <Link
                to={`/shop?category=${encodeURIComponent(c.slug)}`}
                className="block overflow-hidden rounded-xl border border-stone-200 bg-white hover:border-stone-400"
              >
                {c.image && (
                  <img
                    src={c.image.url}
                    alt=""
                    width={300}
                    height={300}
                    // The first row is above the fold (two on a phone, four wider): the page's
                    // largest image on a phone, so asked for at once, and first.
                    loading={i < 4 ? 'eager' : 'lazy'}
                    fetchPriority={i < 2 ? 'high' : 'auto'}
                    decoding="async"
                    className="aspect-[4/3] w-full object-cover"
                  />
                )}
                <span className="block px-3 py-2 font-medium">{c.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="featured-heading">
        <h2 id="featured-heading" className="mb-4 text-xl font-semibold">
          New arrivals
        </h2>
        <ProductGrid products={featured.products} eager={2} />
      </section>
      <Suspense>
        <HomeBestSellers />
      </Suspense>
    </>
  );
}
