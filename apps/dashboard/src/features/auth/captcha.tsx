import { Loading } from '@vitrine/ui';
import { lazy, Suspense } from 'react';

// The self-hosted ALTCHA proof-of-work check, asked for after repeated failed sign-ins: its widget
// is most of a chunk, so it is loaded only then.
const Widget = lazy(() => import('./captcha-widget.tsx').then((m) => ({ default: m.Captcha })));

export function Captcha({ onSolved }: { onSolved: (payload: string | undefined) => void }) {
  return (
    <Suspense fallback={<Loading label="Loading the robot check…" className="mb-4 text-sm" />}>
      <Widget onSolved={onSolved} />
    </Suspense>
  );
}
