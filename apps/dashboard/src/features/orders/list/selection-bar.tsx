/** The orders list's selection: tick all on the page, and what can be done with the ticked ones. */
import type { Order } from '@vitrine/contract';
import { Button, buttonClass } from '@vitrine/ui';
import { Link } from 'react-router';
import { ordersUrls } from '../urls.ts';

export function SelectionBar({
  orders,
  chosen,
  onSelect,
  onFulfil,
  onTag,
}: {
  /** The page's orders. */
  orders: Order[];
  chosen: Order[];
  onSelect: (ids: string[]) => void;
  onFulfil: () => void;
  onTag: () => void;
}) {
  const none = chosen.length === 0;
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
          checked={chosen.length === orders.length}
          onChange={(e) => onSelect(e.target.checked ? orders.map((o) => o.id) : [])}
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
    </div>
  );
}
