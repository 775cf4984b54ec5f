/** One coupon of the list: its code and name, what it takes off on what, when, its uses, its state and actions. */
import type { WireCoupon } from '@vitrine/contract';
import { Badge, Button } from '@vitrine/ui';
import { dateOnly, money } from '../../../kit/format.ts';
import { EditDeleteLinks } from '../../../kit/row-actions.tsx';
import type { CollectionName } from '../collection-words.ts';
import { discountText, scopeText, usageText } from './describe.ts';

export function CouponRow({
  coupon: c,
  currency,
  collection,
  editHref,
  deleteHref,
  busy,
  onToggle,
}: {
  coupon: WireCoupon;
  currency: string | undefined;
  collection: CollectionName;
  editHref: string;
  deleteHref: string;
  busy: boolean;
  onToggle: () => void;
}) {
  const s = c.specification;
  const on = scopeText(s.scope, collection);
  return (
    <tr>
      <th scope="row" className="font-medium">
        <span className="font-mono">{s.code}</span>
        <span className="block font-normal text-muted">{s.name}</span>
      </th>
      <td>
        {discountText(s, currency)}
        {on && <span className="block text-muted">{on}</span>}
        {s.minimumSubtotal ? (
          <span className="block text-muted">
            from {currency ? money(s.minimumSubtotal, currency) : s.minimumSubtotal}
          </span>
        ) : null}
      </td>
      <td className="whitespace-nowrap">
        {dateOnly(s.startTime)} – {s.expirationTime ? dateOnly(s.expirationTime) : 'no end'}
        {c.expired && (
          <span className="ml-1">
            <Badge tone="neutral">Expired</Badge>
          </span>
        )}
      </td>
      <td>{usageText(c)}</td>
      <td>{s.active ? <Badge tone="success">On</Badge> : <Badge>Off</Badge>}</td>
      <td>
        <div className="flex flex-wrap justify-end gap-1">
          <Button
            variant="secondary"
            size="sm"
            busy={busy}
            onClick={onToggle}
            aria-label={`${s.active ? 'Switch off' : 'Switch on'} ${s.code}`}
          >
            {s.active ? 'Switch off' : 'Switch on'}
          </Button>
          <EditDeleteLinks edit={editHref} remove={deleteHref} name={s.code} />
        </div>
      </td>
    </tr>
  );
}
