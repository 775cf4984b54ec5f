import { sql } from 'kysely';
import type { Executor } from '../../platform/db/tx.ts';

/**
 * "Buyer e-mail contains …" at size. The trigram index finds rows holding every trigram of the
 * text, and a trigram most addresses share (`gma`, `ail`, `.co` — every one of a domain's) has a
 * posting list as long as the table: an address pasted whole read 5,600 index pages at 1,000,000
 * orders (60 ms) to find its 50 orders. Looking up only the text's rarest parts (`r953@`: 119
 * pages, 0.9 ms) and checking the whole text on the rows found answers the same rows, since a row
 * that contains the text contains each of its parts.
 *
 * Which part is rarest comes from PostgreSQL's own sample of the column (pg_stats: the most common
 * values and the histogram bounds ANALYZE keeps, up to 200 addresses), read at most once a minute.
 * A wrong guess costs only time: whatever part is looked up, the whole text is checked.
 */
const REFRESH_MS = 60_000;
/** The part looked up: this many characters, holding at least one trigram of letters or digits. */
const WINDOW = 5;
const TRIGRAM = /[\p{L}\p{N}]{3}/u;

let sample: { at: number; emails: string[] } | undefined;
let refreshing: Promise<void> | undefined;

async function readSample(db: Executor): Promise<string[]> {
  const r = await sql<{ mcv: string[] | null; hist: string[] | null }>`
    select most_common_vals::text::text[] as mcv, histogram_bounds::text::text[] as hist
    from pg_stats where schemaname = current_schema() and tablename = 'ecom_order' and attname = 'buyer_email'`.execute(
    db,
  );
  const row = r.rows[0];
  return [...(row?.mcv ?? []), ...(row?.hist ?? [])].map((e) => e.toLowerCase());
}

/** Reads the column's sample when it is over a minute old (one read at a time per process; never fails). */
export async function refreshEmailSample(db: Executor, now = Date.now()): Promise<void> {
  if (sample && now - sample.at < REFRESH_MS) return;
  refreshing ??= readSample(db)
    .then(
      (emails) => void (sample = { at: now, emails }),
      () => void (sample = { at: now, emails: [] }),
    )
    .finally(() => (refreshing = undefined));
  await refreshing;
}

/**
 * The parts of `text` to look up in the trigram index: the WINDOW characters fewest sampled
 * addresses contain, and a second part that does not overlap it when one is rare too. A sample of
 * 200 tells a part rarer than 1 in 200 from none, and 1 in 200 of 1,000,000 orders is 5,000 rows
 * to check (`er153` of buyer15327@…: 1,300 rows, 5 ms; with `15327`'s neighbour, 50 rows); and
 * two parts that are each common can be rare together ("john." and "smith"). A part holding a
 * trigram most addresses share (`7@ben`: `ben`) costs more to look up than it saves: not taken.
 * Undefined (look up the whole text) when the text is short, there is no sample yet, or no part
 * is rarer than the whole text's trigrams would be.
 */
export function rarestParts(text: string): string[] | undefined {
  const emails = sample?.emails ?? [];
  if (emails.length === 0 || text.length <= WINDOW) return undefined;
  const n = emails.length;
  const counts = new Map<string, number>();
  const countOf = (part: string) => {
    const lower = part.toLowerCase();
    let count = counts.get(lower);
    if (count === undefined) {
      count = 0;
      for (const e of emails) if (e.includes(lower)) count++;
      counts.set(lower, count);
    }
    return count;
  };
  const windows: { at: number; part: string; count: number; common: boolean }[] = [];
  // Parts of the text as given (ILIKE compares without case; a lower-cased copy could differ in
  // length), counted lower-cased. Over the first 200 characters: an address is shorter.
  for (let at = 0; at + WINDOW <= Math.min(text.length, 200); at++) {
    const part = text.slice(at, at + WINDOW);
    // A part must hold a trigram of letters or digits (or the index cannot look it up) and not
    // cut a character written as two UTF-16 units in half.
    if (!TRIGRAM.test(part) || /^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/.test(part)) continue;
    const trigrams = [0, 1, 2].map((k) => part.slice(k, k + 3)).filter((t) => TRIGRAM.test(t));
    const common = trigrams.some((t) => countOf(t) > n / 2);
    windows.push({ at, part, count: countOf(part), common });
  }
  windows.sort((a, b) => Number(a.common) - Number(b.common) || a.count - b.count || a.at - b.at);
  const [first] = windows;
  if (!first || first.count >= n) return undefined;
  // The rarest part, grown on both sides by letters and digits while it takes in no common
  // trigram (`er192` of buyer19247@… grows to `r19247`, not to `er1…`, which half the addresses
  // hold, nor past `@`, where a word every address holds begins).
  let [from, to] = [first.at, first.at + WINDOW];
  const takes = (k: number) => {
    const t = text.slice(k, k + 3);
    return t.length === 3 && TRIGRAM.test(t) && countOf(t) <= n / 2;
  };
  const end = Math.min(text.length, 200);
  while (from > 0 && takes(from - 1)) from--;
  while (to < end && takes(to - 2)) to++;
  const grown = text.slice(from, to);
  const second = windows.find((w) => (w.at + WINDOW <= from || w.at >= to) && !w.common && w.count <= n / 20);
  return second ? [grown, second.part] : [grown];
}
