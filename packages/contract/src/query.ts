import { z } from 'zod';
import { qs } from './scalars.ts';

/** Maximum page size for every query and list endpoint; the default when the caller sets none. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 50;

export const sortOrder = z.enum(['ASC', 'DESC']);
export const sorting = z.strictObject({
  fieldName: z.string().min(1).max(200),
  order: sortOrder.default('ASC'),
});
export type Sorting = z.infer<typeof sorting>;

/** Filters are validated structurally by the server's query compiler against a per-entity allowlist. */
export const filter = z.record(z.string(), z.unknown());
export type Filter = z.infer<typeof filter>;

const limit = qs.int(0, MAX_PAGE_SIZE);
export const cursorPaging = z.strictObject({
  limit: limit.optional(),
  cursor: z.string().max(4096).nullish(),
});
export const offsetPaging = z.strictObject({
  limit: limit.optional(),
  offset: qs.int(0, 1_000_000).optional(),
});
export type CursorPaging = z.infer<typeof cursorPaging>;
export type OffsetPaging = z.infer<typeof offsetPaging>;

/** The query object with cursor paging (orders search, reviews, back in stock, platform queries). */
export const cursorQuery = z.strictObject({
  filter: filter.nullish(),
  sort: z.array(sorting).max(5).nullish(),
  cursorPaging: cursorPaging.nullish(),
  fields: z.array(z.string()).optional(),
  fieldsets: z.array(z.string()).optional(),
});
export type CursorQuery = z.infer<typeof cursorQuery>;

/** The query object with offset paging (members). */
export const offsetQuery = z.strictObject({
  filter: filter.nullish(),
  sort: z.array(sorting).max(5).nullish(),
  paging: offsetPaging.nullish(),
  fields: z.array(z.string()).optional(),
  fieldsets: z.array(z.string()).optional(),
});
export type OffsetQuery = z.infer<typeof offsetQuery>;

export const cursors = z.object({ next: z.string().nullable(), prev: z.string().nullable() });

/** `{count, cursors, hasNext}`: orders search, review requests. */
export const cursorPagingMetadata = z.object({ count: z.number(), cursors, hasNext: z.boolean() });
export type CursorPagingMetadata = z.infer<typeof cursorPagingMetadata>;
/** `{count, offset, total, cursors}` (+ tooManyToCount): reviews, back in stock. */
export const platformPagingMetadata = z.object({
  count: z.number(),
  offset: z.number(),
  total: z.number(),
  tooManyToCount: z.boolean(),
  cursors,
});
/** `{count, offset, total, tooManyToCount}`: members. */
export const offsetPagingMetadata = z.object({
  count: z.number(),
  offset: z.number(),
  total: z.number(),
  tooManyToCount: z.boolean(),
});
