/** The catalog module's face: all that app.ts and other modules may use of it (modules/README.md). */
import type { ServerModule } from '../../platform/module.ts';
import { seedCatalogDemo } from './demo.ts';
import { mediaReadySubscriber } from './media.ts';
import { categoryRoutes } from './category-routes.ts';
import { catalogRoutes } from './routes.ts';
import { catalogV1Routes } from './v1-routes.ts';
export { seedCatalogDemo } from './demo.ts';
export {
  type CatalogItem,
  catalogItemsFromRows,
  catalogRowsFor,
  catalogRowsOfIds,
  stockVariantIdsFor,
  stockVersionOf,
  lookupCatalogItems,
  variantIdsOfRefs,
  productSummaries,
  visibleProductIds,
  type ProductSummary,
  STORES_APP_ID,
} from './lookup.ts';
export { productCollectionIds } from './collections-of.ts';
export { productsLike, productTraits, showableProducts } from './recommendable.ts';
export { lowStockCount } from './stock-stats.ts';
export { decrementStock, incrementStock, sendDecrementAsRead } from './stock.ts';
export { movedSince, stockMoves } from './stock-moves.ts';
export { catalogRevision, type CatalogTables } from './store.ts';

export const catalogModule: ServerModule = {
  name: 'catalog',
  routes: ({ router }) => {
    catalogRoutes(router);
    categoryRoutes(router);
    catalogV1Routes(router);
  },
  demo: seedCatalogDemo,
  subscribers: [mediaReadySubscriber],
};
