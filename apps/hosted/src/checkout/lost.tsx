import { useEffect, useRef } from 'react';
import { Card, Shell } from './ui.tsx';
import { shopOrigin } from './session.ts';

/** The page has no session: the link was spent, expired, or the page was reloaded. */
export function LostSession({ message }: { message: string }) {
  const shop = shopOrigin();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => { heading.current?.focus(); }, []);
  return (
    <Shell>
      <Card className="mx-auto max-w-lg">
        <h1 ref={heading} tabIndex={-1} className="mb-3 text-2xl outline-none font-semibold tracking-tight">This checkout link has expired</h1>
        <div role="alert" className="mb-4 text-stone-700 dark:text-stone-300">
          <p>{message}</p>
          <p className="mt-2">Checkout links work once and for 30 minutes. Go back to the shop and select “Checkout” again; your cart is still there.</p>
        </div>
        {shop
          ? <a href={shop} className="inline-block rounded-lg bg-indigo-600 px-4 py-2.5 font-medium text-white hover:bg-indigo-700">Go back to the shop ({new URL(shop).host})</a>
          : <p className="text-sm text-stone-600 dark:text-stone-400">Go back to the shop you came from to continue.</p>}
      </Card>
    </Shell>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <Shell>
      <p role="status" className="py-20 text-center text-stone-600 dark:text-stone-400">{what}</p>
    </Shell>
  );
}
