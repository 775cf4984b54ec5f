import type { Money } from './money.ts';

// The server's formatting (`formatMoney` does the same, with options the shell does not need).
const text = (m: Money) => m.formattedAmount || m.amount;

/** A price, with the compare-at price struck through when it is higher (and both read as such). */
export function Price({
  price,
  compareAt,
  className = '',
}: {
  price?: Money | null;
  compareAt?: Money | null;
  className?: string;
}) {
  if (!price) return null;
  const sale = compareAt && Number(compareAt.amount) > Number(price.amount);
  return (
    <span className={className}>
      {sale && <span className="sr-only">Sale price </span>}
      <span className={sale ? 'font-semibold text-danger' : 'font-semibold'}>{text(price)}</span>
      {sale && (
        <>
          {' '}
          <span className="sr-only">, regular price </span>
          <s className="text-muted">{text(compareAt)}</s>
        </>
      )}
    </span>
  );
}
