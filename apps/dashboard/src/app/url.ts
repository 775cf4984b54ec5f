/**
 * Typed URLs. Every page of the dashboard is a `route(path, search)`: its path (relative to
 * `/dashboard`, with `:params`) and the query-string parameters it reads, each with a parser. The
 * same object builds links (`href`), reads the current URL (`useRouteSearch`) and names the path
 * in the router, so a link can only carry what the page understands, and filters, sorting, paging
 * and open dialogs all live in the URL (shareable, and kept by Back and reload).
 *
 *   const orders = route('/orders', { q: param.text(), payment: param.manyOf(PAYMENT_STATUSES) });
 *   <Link to={orders.href({ payment: ['PAID'] })}>     →  /orders?payment=PAID
 *   const [search, setSearch] = useRouteSearch(orders); setSearch({ q: 'ada' });
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** One query-string parameter: from its values in the URL (possibly none) and back. */
export interface Param<T> {
  parse(values: string[]): T;
  /** The values to write; none for the default (empty) value. */
  format(value: T): string[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const param = {
  /** Free text (trimmed, at most 200 characters); `undefined` when empty. */
  text: (): Param<string | undefined> => ({
    parse: (v) => v[0]?.trim().slice(0, 200) || undefined,
    format: (v) => (v ? [v] : []),
  }),
  /** An opaque token (a paging cursor), kept as it is. */
  token: (): Param<string | undefined> => ({
    parse: (v) => v[0] || undefined,
    format: (v) => (v ? [v] : []),
  }),
  /** One of a fixed set; anything else reads as `undefined`. */
  oneOf: <const V extends string>(values: readonly V[]): Param<V | undefined> => ({
    parse: (v) => values.find((x) => x === v[0]),
    format: (v) => (v ? [v] : []),
  }),
  /** Any number of a fixed set (`?payment=PAID&payment=NOT_PAID`); unknown values are dropped. */
  manyOf: <const V extends string>(values: readonly V[]): Param<V[]> => ({
    parse: (v) => values.filter((x) => v.includes(x)),
    format: (v) => v,
  }),
  /** Any number of short strings (`?tag=a&tag=b`), distinct. */
  list: (): Param<string[]> => ({
    parse: (v) => [...new Set(v.map((x) => x.trim().slice(0, 100)).filter(Boolean))].slice(0, 20),
    format: (v) => v,
  }),
  /** A calendar day, `YYYY-MM-DD`. */
  date: (): Param<string | undefined> => ({
    parse: (v) => (v[0] && DATE.test(v[0]) ? v[0] : undefined),
    format: (v) => (v ? [v] : []),
  }),
};

export type SearchSpec = Record<string, Param<unknown>>;
export type SearchOf<S extends SearchSpec> = { [K in keyof S]: S[K] extends Param<infer T> ? T : never };

/** `'/orders/:id'` → `{ id: string }`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

type HrefArgs<P extends string, S extends SearchSpec> = keyof PathParams<P> extends never
  ? [search?: Partial<SearchOf<S>>]
  : [params: PathParams<P>, search?: Partial<SearchOf<S>>];

export interface Route<P extends string, S extends SearchSpec> {
  /** The path pattern as the router takes it (relative to `/dashboard`). */
  path: P;
  search: S;
  /** The search parameters of a URL, each parsed (defaults for missing or invalid ones). */
  parse(params: URLSearchParams): SearchOf<S>;
  /** The query string of values (`''` when all are defaults), in the spec's key order. */
  format(values: Partial<SearchOf<S>>): string;
  /** A link to the page, e.g. `orders.detail.href({ id }, { dialog: 'refund' })`. */
  href(...args: HrefArgs<P, S>): string;
}

export function route<const P extends string, S extends SearchSpec = Record<never, never>>(
  path: P,
  search: S = {} as S,
): Route<P, S> {
  const format = (values: Partial<SearchOf<S>>) => {
    const out = new URLSearchParams();
    for (const [key, p] of Object.entries(search)) {
      const v = values[key as keyof S];
      if (v === undefined) continue;
      for (const s of p.format(v)) out.append(key, s);
    }
    return out.toString();
  };
  return {
    path,
    search,
    parse: (params) =>
      Object.fromEntries(
        Object.entries(search).map(([key, p]) => [key, p.parse(params.getAll(key))]),
      ) as SearchOf<S>,
    format,
    href: (...args: unknown[]) => {
      const hasParams = path.includes(':');
      const params = (hasParams ? args[0] : {}) as Record<string, string>;
      const values = ((hasParams ? args[1] : args[0]) ?? {}) as Partial<SearchOf<S>>;
      const filled = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
      const qs = format(values);
      return qs ? `${filled}?${qs}` : filled;
    },
  };
}

/**
 * The current page's search parameters, parsed by its route, and a setter that merges a change
 * into them (a new history entry; `replace` for typing in a search box).
 */
export function useRouteSearch<P extends string, S extends SearchSpec>(r: Route<P, S>) {
  const [params, setParams] = useSearchParams();
  const value = useMemo(() => r.parse(params), [r, params]);
  const set = useCallback(
    (change: Partial<SearchOf<S>>, o: { replace?: boolean } = {}) =>
      setParams(new URLSearchParams(r.format({ ...r.parse(params), ...change })), {
        replace: o.replace ?? false,
        preventScrollReset: true,
      }),
    [r, params, setParams],
  );
  return [value, set] as const;
}
