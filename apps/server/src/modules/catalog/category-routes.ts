import {
  categoriesPageResponse,
  categoryReadQuery,
  categoryResponse,
  createCategoryRequest,
  emptyResponse,
  id,
  queryCategoriesRequest,
  searchCategoriesRequest,
  searchCategoriesResponse,
  updateCategoryRequest,
} from '@vitrine/contract';
import { z } from 'zod';
import type { Router } from '../../platform/http/route.ts';
import {
  createCategory,
  deleteCategory,
  getCategory,
  queryCategories,
  updateCategory,
} from './categories.ts';
import { searchCategories } from './category-search.ts';

const tags = ['catalog'] as const;
const C = '/categories/v1/categories';
const byCategoryId = z.object({ categoryId: id });

/** The categories API (`@wix/auto_sdk_categories_categories`, contract catalog.md §6): the v3 catalog's categories. */
export function categoryRoutes(r: Router) {
  r.route({
    method: 'POST',
    url: '/categories/v1/categories',
    roles: ['admin'],
    summary: 'Create a category',
    tags,
    body: createCategoryRequest,
    response: categoryResponse,
    async handler(ctx, { body }) {
      return { category: await createCategory(ctx, body.category) };
    },
  });
  r.route({
    method: 'POST',
    url: '/categories/v1/categories/query',
    roles: 'any',
    summary: 'Query categories',
    tags,
    body: queryCategoriesRequest,
    response: categoriesPageResponse,
    async handler(ctx, { body }) {
      return queryCategories(ctx, body.query, body.returnNonVisibleCategories);
    },
  });
  r.route({
    method: 'GET',
    url: `${C}/slug/:slug`,
    roles: 'any',
    summary: 'A category by slug',
    tags,
    params: z.object({ slug: z.string().max(200) }),
    query: categoryReadQuery,
    response: categoryResponse,
    async handler(ctx, { params }) {
      return { category: await getCategory(ctx, { slug: params.slug }) };
    },
  });
  r.route({
    method: 'GET',
    url: `${C}/:categoryId`,
    roles: 'any',
    summary: 'A category by id',
    tags,
    params: byCategoryId,
    query: categoryReadQuery,
    response: categoryResponse,
    async handler(ctx, { params }) {
      return { category: await getCategory(ctx, { id: params.categoryId }) };
    },
  });
  r.route({
    method: 'PATCH',
    url: `${C}/:categoryId`,
    roles: ['admin'],
    summary: 'Update a category (only the fields given; revision must match)',
    tags,
    params: byCategoryId,
    body: updateCategoryRequest,
    response: categoryResponse,
    async handler(ctx, { params, body }) {
      return { category: await updateCategory(ctx, params.categoryId, body.category) };
    },
  });
  r.route({
    method: 'DELETE',
    url: `${C}/:categoryId`,
    roles: ['admin'],
    summary: 'Delete a category (its products stay)',
    tags,
    params: byCategoryId,
    query: categoryReadQuery,
    response: emptyResponse,
    async handler(ctx, { params }) {
      await deleteCategory(ctx, params.categoryId);
      return {};
    },
  });
  r.route({
    method: 'POST',
    url: `${C}/search`,
    roles: 'any',
    summary:
      'Search categories by name and description words, with filter, sort, aggregations and cursor paging',
    tags,
    body: searchCategoriesRequest,
    response: searchCategoriesResponse,
    async handler(ctx, { body }) {
      return searchCategories(ctx, body.search ?? {}, body.returnNonVisibleCategories);
    },
  });
}
