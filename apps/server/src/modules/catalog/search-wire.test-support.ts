import { startTestServer } from '../../test/server.ts';

/** The product search's wire, as the catalog's search tests read it (test support, not a test). */
export interface Option {
  id: string;
  name: string;
  choicesSettings: { choices: { choiceId: string; name: string }[] };
}
export interface Product {
  id: string;
  name: string;
  slug: string;
  options: Option[];
  actualPriceRange: { minValue: { amount: string }; maxValue: { amount: string } };
  inventory: { availabilityStatus: string };
  allCategoriesInfo?: { categories: { id: string }[] };
}
export interface Result {
  name?: string;
  type: string;
  fieldPath: string;
  values?: { results: { value: string; count: number }[] };
  scalar?: { type: string; value?: number };
  ranges?: { results: { from?: number; to?: number; count: number }[] };
  dateHistogram?: { results: { value: string; count: number }[] };
}
export interface Page {
  products: Product[];
  pagingMetadata: { cursors: { next: string | null } };
  aggregationData?: { results: Result[] };
}

export const P = '/stores/v3/products';

/** A test server with the demo store: every product (with its categories) and the Home category's id. */
export async function demoCatalog() {
  const s = await startTestServer({ env: { DEMO_DATA: 'true' } });
  const all = (
    await s.request<Page>('POST', `${P}/query`, {
      body: { query: { cursorPaging: { limit: 100 } }, fields: ['ALL_CATEGORIES_INFO'] },
    })
  ).body.products;
  const cats = await s.request<{ categories: { id: string; slug: string }[] }>(
    'POST',
    '/categories/v1/categories/query',
    { body: { query: {} } },
  );
  return { s, all, home: cats.body.categories.find((c) => c.slug === 'home')!.id };
}
