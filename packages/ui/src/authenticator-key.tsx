/**
 * An authenticator app's set-up key: its QR code (the `qr-code` module, loaded when shown) and the
 * key as text, to type in by hand. The dashboard's and the storefront's set-ups.
 */
import { lazy, Suspense, useId } from 'react';

const QrCode = lazy(() => import('./qr-code.tsx').then((m) => ({ default: m.QrCode })));

export function AuthenticatorKey({ uri, secret }: { uri: string; secret: string }) {
  const id = useId();
  return (
    <>
      <div className="mb-4 flex justify-center">
        <Suspense fallback={<div className="size-48" aria-hidden="true" />}>
          <QrCode value={uri} label="QR code of your sign-in key" />
        </Suspense>
      </div>
      <p className="mb-1 text-sm font-medium" id={id}>
        Or enter this key by hand
      </p>
      <code
        aria-labelledby={id}
        data-testid="totp-secret"
        className="mb-4 block rounded-lg border border-line bg-hover px-3 py-2 font-mono text-base break-all select-all"
      >
        {secret}
      </code>
    </>
  );
}
