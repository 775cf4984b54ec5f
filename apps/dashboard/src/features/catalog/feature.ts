import type { Feature } from '../../app/feature.ts';
import { catalogUrls } from './urls.ts';

export const catalogFeature: Feature = {
  id: 'catalog',
  routes: [
    {
      path: catalogUrls.products.path.slice(1),
      lazy: () => import('./list/products-page.tsx').then((m) => ({ Component: m.ProductsPage })),
    },
    {
      path: catalogUrls.newProduct.path.slice(1),
      lazy: () => import('./editor/product-page.tsx').then((m) => ({ Component: m.NewProductPage })),
    },
    {
      path: catalogUrls.product.path.slice(1),
      lazy: () => import('./editor/product-page.tsx').then((m) => ({ Component: m.ProductPage })),
    },
    {
      path: catalogUrls.categories.path.slice(1),
      lazy: () => import('./categories/categories-page.tsx').then((m) => ({ Component: m.CategoriesPage })),
    },
    {
      path: catalogUrls.category.path.slice(1),
      lazy: () => import('./categories/category-page.tsx').then((m) => ({ Component: m.CategoryPage })),
    },
    {
      path: catalogUrls.lowStock.path.slice(1),
      lazy: () => import('./low-stock/low-stock-page.tsx').then((m) => ({ Component: m.LowStockPage })),
    },
  ],
  nav: [{ label: 'Catalog', to: catalogUrls.products.href(), order: 20 }],
};
