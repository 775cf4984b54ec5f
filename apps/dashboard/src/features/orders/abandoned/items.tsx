/** What was in the abandoned checkout: its lines (name, options, quantity, price) and totals. */
import type { WireAbandonedCheckout } from '@vitrine/contract';
import { formatMoney, Table } from '@vitrine/ui';
import { discountsByName } from '../format.ts';
import { LineItemsHead, LineName } from '../line-head.tsx';
import { TotalsList, type TotalRow } from '../totals.tsx';
import { scaleOf, showMinor, toMinor } from '../money.ts';

export function AbandonedItems({ checkout: c }: { checkout: WireAbandonedCheckout }) {
  const money = (m: { amount: string; formattedAmount?: string }) => formatMoney(m, { currency: c.currency });
  /** Price × quantity in minor units (no floating point); the price alone when it is not a plain amount. */
  const lineTotal = (l: WireAbandonedCheckout['lineItems'][number]) => {
    const minor = toMinor(l.price.amount, scaleOf(c.currency));
    return Number.isNaN(minor) ? '—' : showMinor(minor * l.quantity, c.currency);
  };
  if (!c.lineItems.length) return <p className="mb-4 text-sm text-muted">No items.</p>;
  return (
    <Table caption="Line items" hideCaption className="mb-4">
      <LineItemsHead />
      <tbody>
        {c.lineItems.map((l) => (
          <tr key={l.id}>
            <LineName line={l}></LineName>
            <td className="text-right whitespace-nowrap tabular-nums">{money(l.price)}</td>
            <td className="text-right tabular-nums">{l.quantity}</td>
            <td className="text-right whitespace-nowrap tabular-nums">{lineTotal(l)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** Subtotal, the discounts applied (by name) and the total. */
export function AbandonedTotals({ checkout: c }: { checkout: WireAbandonedCheckout }) {
  const discounts = discountsByName(c.appliedDiscounts).map(([label]) => label);
  const rows: TotalRow[] = [
    ['Subtotal', formatMoney(c.subtotalPrice, { currency: c.currency })],
    ...(discounts.length ? [['Discounts', discounts.join(', ')] as [string, string]] : []),
    ['Total', formatMoney(c.totalPrice, { currency: c.currency }), true],
  ];
  return <TotalsList rows={rows} />;
}
