import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type HttpClient, cartCalls, optionsText, type Cart, type CartLineItem } from '@vitrine/sdk';
import { Button, Price } from '@vitrine/ui';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { cartChanged } from '../cart.ts';
import { useEnv } from '../env.tsx';
import { describeError } from '../errors.ts';
import { quantityNotice } from '../quantity-notice.ts';

/** A change of the current cart; the cart it answers goes into the cache. */
export function useCartChange() {
  const { http } = useEnv();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: (http: HttpClient) => Promise<Cart>) => change(http),
    onSuccess: (cart) => cartChanged(queryClient, http, cart),
  });
}

/**
 * One line of the cart: its item, price, availability, quantity and remove button. A quantity above
 * the stock left is set to what is left by the store; the line then says so in a live region.
 */
export function CartLine({
  line,
  onError,
}: {
  line: CartLineItem;
  onError: (m: string | undefined) => void;
}) {
  const change = useCartChange();
  const qtyId = useId();
  const noticeId = useId();
  const [notice, setNotice] = useState<string>();
  const name = line.productName?.translated ?? line.productName?.original ?? 'Item';
  const options = optionsText(line.descriptionLines);
  const unavailable = line.availability?.status && line.availability.status !== 'AVAILABLE';
  const run = (fn: Parameters<typeof change.mutate>[0], requested?: number) => {
    onError(undefined);
    setNotice(undefined);
    change.mutate(fn, {
      onSuccess: (cart) => {
        if (requested !== undefined) setNotice(quantityNotice(cart, line.id, requested));
      },
      onError: (e) => onError(describeError(e)),
    });
  };
  return (
    <li className="flex gap-3 border-b border-stone-200 py-4">
      {line.image?.url && (
        <img
          src={line.image.url}
          alt=""
          width={80}
          height={80}
          loading="lazy"
          className="h-20 w-20 shrink-0 rounded-lg object-cover"
        />
      )}
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {line.url?.relativePath ? (
            <Link to={line.url.relativePath} className="underline-offset-2 hover:underline">
              {name}
            </Link>
          ) : (
            name
          )}
        </p>
        {options && <p className="text-sm text-stone-700">{options}</p>}
        <p className="text-sm">
          <Price price={line.price} compareAt={line.fullPrice} />
        </p>
        {unavailable && (
          <p className="text-sm font-medium text-red-800">
            {line.availability?.status === 'PARTIALLY_AVAILABLE'
              ? `Only ${line.availability.quantityAvailable ?? 0} left`
              : 'No longer available'}
          </p>
        )}
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <label htmlFor={qtyId} className="text-sm">
            Quantity
          </label>
          <select
            id={qtyId}
            value={line.quantity}
            disabled={change.isPending}
            aria-describedby={notice ? noticeId : undefined}
            onChange={(e) => {
              const quantity = Number(e.target.value);
              run((http) => cartCalls.setQuantity(http, line.id, quantity), quantity);
            }}
            className="min-h-11 rounded-lg border border-stone-400 bg-white px-2"
          >
            {Array.from({ length: Math.max(10, line.quantity) }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <Button
            variant="link"
            disabled={change.isPending}
            onClick={() => run((http) => cartCalls.remove(http, [line.id]))}
            aria-label={`Remove ${name}`}
          >
            Remove
          </Button>
        </div>
        {/* Always in the page (empty, it takes no room), so that screen readers say the text when it comes. */}
        <p id={noticeId} role="status" className="text-sm font-medium text-amber-900">
          {notice}
        </p>
      </div>
      <p className="shrink-0 font-semibold">{line.lineItemPrice?.formattedAmount}</p>
    </li>
  );
}
