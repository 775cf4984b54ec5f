/**
 * The platform's query object with cursor paging, as the merchant's lists send it: the first page
 * carries the filter and the sort; another page only its cursor (which carries both; conventions §7).
 */
import type { CursorPagingMetadata, Filter, Sorting } from '@vitrine/contract';

export interface CursorSearch {
  /** The page to show (`metadata.cursors.next` or `.prev` of another page). */
  cursor?: string;
  limit?: number;
}

/** `{query: …}`: the cursor alone for another page. */
export const cursorQueryBody = (filter: Filter, sort: Sorting[], s: CursorSearch, limit = 20) => ({
  query: s.cursor
    ? { cursorPaging: { limit: s.limit ?? limit, cursor: s.cursor } }
    : { filter, sort, cursorPaging: { limit: s.limit ?? limit } },
});

/** Several conditions as one filter: `{}` for none, the condition alone, else `$and`. */
export const allOf = (conditions: Filter[]): Filter =>
  conditions.length === 0 ? {} : conditions.length === 1 ? conditions[0]! : { $and: conditions };

/** One page of a list and where the others are (the platform's cursor paging metadata). */
export interface CursorPage<T> {
  items: T[];
  metadata: CursorPagingMetadata;
}
