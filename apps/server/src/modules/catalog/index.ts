export { seedCatalogDemo } from './demo.ts';
export {
  type CatalogItem,
  catalogItemsFromRows,
  catalogRowsFor,
  lookupCatalogItems,
  STORES_APP_ID,
} from './lookup.ts';
export { catalogRoutes } from './routes.ts';
export { decrementStock, incrementStock } from './stock.ts';
export { type CatalogTables } from './store.ts';
export { catalogV1Routes } from './v1-routes.ts';
