/**
 * What a process keeps between calls (a cart's answer, a cart or checkout to start the next change
 * from), by key, bounded by the estimated bytes of its values: past the budget the least recently
 * used go first (a Map keeps insertion order, and a value used is moved last). A value larger than
 * the whole budget is not kept.
 */
export class KeptMap<V> {
  readonly #entries = new Map<string, { value: V; size: number }>();
  #bytes = 0;
  #hits = 0;

  constructor(readonly budget: number) {}

  /** The value kept for `key` if `accept` takes it, counted as used and moved last. */
  use(key: string, accept: (value: V) => boolean = () => true): V | undefined {
    const e = this.#entries.get(key);
    if (!e || !accept(e.value)) return undefined;
    this.#hits++;
    this.#entries.delete(key);
    this.#entries.set(key, e);
    return e.value;
  }

  /** The value kept for `key`, neither counted nor moved. */
  peek(key: string): V | undefined {
    return this.#entries.get(key)?.value;
  }

  /** Counts a use of a value taken with `peek`. */
  countUse(): void {
    this.#hits++;
  }

  /** Keeps `value` for `key`, `size` its estimated bytes. */
  set(key: string, value: V, size: number): void {
    this.delete(key);
    if (size > this.budget) return;
    for (const first of this.#entries.keys()) {
      if (this.#bytes + size <= this.budget) break;
      this.delete(first);
    }
    this.#entries.set(key, { value, size });
    this.#bytes += size;
  }

  delete(key: string): void {
    const e = this.#entries.get(key);
    if (!e) return;
    this.#entries.delete(key);
    this.#bytes -= e.size;
  }

  /** How many values are kept, their estimated bytes, and how many uses there were (tests, diagnostics). */
  stats(): { count: number; bytes: number; hits: number } {
    return { count: this.#entries.size, bytes: this.#bytes, hits: this.#hits };
  }
}
