/**
 * The orders list's selection: tick all on the page, or every order the filters find (the first
 * MAX_SELECTION), and what can be done with the ticked ones.
 */
import type { Order } from '@vitrine/contract';
import { Alert, Button, buttonClass } from '@vitrine/ui';
import { Link } from 'react-router';
import { plural } from '../../../kit/format.ts';
import { ordersUrls } from '../urls.ts';

/** At most this many orders are selected at once: what one bulk call takes (tags, fulfilments). */
export const MAX_SELECTION = 100;

/**
 * Selecting beyond the page, when the filters find more than it shows: `offer` it (once the page is
 * all ticked), `loading`, or `all` of them selected (`more`: the filters find more than MAX_SELECTION).
 */
export type MatchingSelection =
  { state: 'offer' | 'loading'; error?: string | undefined } | { state: 'all'; more: boolean };

export function SelectionBar({
  orders,
  chosen,
  matching,
  onSelect,
  onSelectMatching,
  onClear,
  onFulfil,
  onTag,
}: {
  /** The page's orders. */
  orders: Order[];
  chosen: Order[];
  /** Undefined when the page shows every order the filters find. */
  matching: MatchingSelection | undefined;
  onSelect: (ids: string[]) => void;
  onSelectMatching: () => void;
  onClear: () => void;
  onFulfil: () => void;
  onTag: () => void;
}) {
  const none = chosen.length === 0;
  const pageTicked = orders.every((o) => chosen.some((c) => c.id === o.id));
  return (
    <div
      role="group"
      aria-label="Selected orders"
      className="mb-3 flex flex-wrap items-center gap-2 rounded-2xl border border-line bg-surface p-3"
    >
      <label className="inline-flex min-h-11 items-center gap-2 pr-2 pointer-fine:min-h-9">
        <input
          type="checkbox"
          className="size-4 accent-accent"
          checked={pageTicked}
          onChange={(e) => (e.target.checked ? onSelect(orders.map((o) => o.id)) : onClear())}
        />
        Select all on this page
      </label>
      <Button size="sm" disabled={none} onClick={onFulfil}>
        Fulfil selected ({chosen.length})
      </Button>
      <Button size="sm" variant="secondary" disabled={none} onClick={onTag}>
        Tag selected ({chosen.length})
      </Button>
      {none ? (
        <Button size="sm" variant="secondary" disabled>
          Packing slips of selected (0)
        </Button>
      ) : (
        <Link
          to={ordersUrls.packingSlips.href({ order: chosen.map((o) => o.id) })}
          className={buttonClass('secondary', 'sm')}
        >
          Packing slips of selected ({chosen.length})
        </Link>
      )}
      <MatchingLine
        matching={matching}
        pageTicked={pageTicked}
        count={chosen.length}
        onSelect={onSelectMatching}
        onClear={onClear}
      />
    </div>
  );
}

/** "Select all matching orders", once this page is all ticked; then how many are, and "Clear selection". */
function MatchingLine({
  matching,
  pageTicked,
  count,
  onSelect,
  onClear,
}: {
  matching: MatchingSelection | undefined;
  pageTicked: boolean;
  count: number;
  onSelect: () => void;
  onClear: () => void;
}) {
  if (!matching || (matching.state !== 'all' && !pageTicked)) return null;
  return (
    <div role="status" className="flex w-full flex-wrap items-center gap-2 text-sm">
      {matching.state === 'all' ? (
        <>
          <span>
            {matching.more
              ? `The first ${plural(count, 'matching order')} are selected (at most ${MAX_SELECTION} at once).`
              : `All ${plural(count, 'matching order')} are selected.`}
          </span>
          <Button size="sm" variant="link" onClick={onClear}>
            Clear selection
          </Button>
        </>
      ) : (
        <>
          <span>All orders on this page are selected.</span>
          <Button size="sm" variant="link" disabled={matching.state === 'loading'} onClick={onSelect}>
            {matching.state === 'loading'
              ? 'Selecting…'
              : `Select all matching orders (up to ${MAX_SELECTION})`}
          </Button>
          {matching.error && <Alert>{matching.error}</Alert>}
        </>
      )}
    </div>
  );
}
