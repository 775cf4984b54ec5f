/** The catalog's shared bits: stock words, picture thumbnails, the section tabs. */
import type { AvailabilityStatus, Product } from '@vitrine/sdk';
import { Badge, Tabs, tabClass, type BadgeTone } from '@vitrine/ui';
import { Link, useLocation } from 'react-router';
import { catalogUrls } from './urls.ts';

export const stockLabels: Record<AvailabilityStatus, [string, BadgeTone]> = {
  IN_STOCK: ['In stock', 'success'],
  PARTIALLY_OUT_OF_STOCK: ['Partly out of stock', 'warning'],
  OUT_OF_STOCK: ['Out of stock', 'danger'],
};

export function StockBadge({ status }: { status: AvailabilityStatus }) {
  const [label, tone] = stockLabels[status];
  return <Badge tone={tone}>{label}</Badge>;
}

export function VisibilityBadge({ visible }: { visible: boolean }) {
  return visible ? <Badge tone="info">Shown</Badge> : <Badge>Hidden</Badge>;
}

/**
 * A square thumbnail URL of a picture: a library file's transform (`/media/<id>/v1/fill/…`, what
 * the SDK's image helpers build), else the URL itself (a picture still being imported).
 */
export function thumbUrl(url: string, fileId: string | undefined, side = 96): string {
  if (!fileId || !url.includes('/media/')) return url;
  return `${url.split('#')[0]}/v1/fill/w_${side},h_${side},q_80/${encodeURIComponent(fileId)}`;
}

/** The product's main picture as a thumbnail URL (none without pictures). */
export function productThumb(p: Product, side = 96): string | undefined {
  const m = p.media.main;
  if (!m) return undefined;
  return thumbUrl(m.image.url || m.url, m.image.id, side);
}

/** The price range of a product ("$10.00" or "$10.00 – $14.00"). */
export function priceRange(p: Product): string {
  const min = p.actualPriceRange.minValue.formattedAmount || p.actualPriceRange.minValue.amount;
  const max = p.actualPriceRange.maxValue.formattedAmount || p.actualPriceRange.maxValue.amount;
  return min === max ? min : `${min} – ${max}`;
}

/** Products, Categories, Low stock: the catalog's sections, as links (the current one marked). */
export function CatalogTabs() {
  const { pathname } = useLocation();
  const current = pathname.startsWith('/catalog/categories')
    ? 'categories'
    : pathname.startsWith('/catalog/low-stock')
      ? 'low-stock'
      : 'products';
  const tab = (key: string, to: string, label: string) => (
    <Link to={to} className={tabClass(current === key)} aria-current={current === key ? 'page' : undefined}>
      {label}
    </Link>
  );
  return (
    <Tabs label="Catalog sections">
      {tab('products', catalogUrls.products.href(), 'Products')}
      {tab('categories', catalogUrls.categories.href(), 'Categories')}
      {tab('low-stock', catalogUrls.lowStock.href(), 'Low stock')}
    </Tabs>
  );
}
