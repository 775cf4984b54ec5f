import type { Product } from '@vitrine/sdk';
import { Link } from 'react-router';
import { Price } from '@vitrine/ui';

export function productImage(p: Product): string | undefined {
  return p.media?.main?.image?.url ?? p.media?.main?.url;
}

export function ProductCard({ product: p, eager = false }: { product: Product; eager?: boolean }) {
  const soldOut = p.inventory?.availabilityStatus === 'OUT_OF_STOCK';
  const min = p.actualPriceRange?.minValue;
  const max = p.actualPriceRange?.maxValue;
  const image = productImage(p);
  return (
    <li className="group relative flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white">
      <div className="relative aspect-square bg-stone-100">
        {image && (
          <img
            src={image}
            alt=""
            width={400}
            height={400}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="h-full w-full object-cover"
          />
        )}
        {(soldOut || p.ribbon?.name) && (
          <span
            className={`absolute left-2 top-2 rounded-full px-2 py-0.5 text-xs font-semibold ${soldOut ? 'bg-stone-800 text-white' : 'bg-white text-stone-900'}`}
          >
            {soldOut ? 'Sold out' : p.ribbon?.name}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="font-medium">
          <Link
            to={`/product-page/${p.slug}`}
            className="after:absolute after:inset-0 focus-visible:outline-none group-has-[a:focus-visible]:underline"
          >
            {p.name}
          </Link>
        </h3>
        <p className="text-sm">
          {min && max && min.amount !== max.amount ? (
            <span className="font-semibold">From {min.formattedAmount}</span>
          ) : (
            <Price price={min} compareAt={p.compareAtPriceRange?.minValue} />
          )}
        </p>
      </div>
    </li>
  );
}

export function ProductGrid({ products, eager = 0 }: { products: Product[]; eager?: number }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} eager={i < eager} />
      ))}
    </ul>
  );
}
