/** Query-string parameters beyond `app/url.ts`'s: a page number for offset-paged lists. */
import type { Param } from '../app/url.ts';

/** A 1-based page number; the first page stays out of the URL. */
export const pageParam = (): Param<number | undefined> => ({
  parse: (v) => {
    const n = Number(v[0]);
    return Number.isInteger(n) && n > 1 && n <= 100_000 ? n : undefined;
  },
  format: (v) => (v && v > 1 ? [String(v)] : []),
});
