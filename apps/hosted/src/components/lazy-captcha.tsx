import { Loading } from '@vitrine/ui';
import { lazy, Suspense } from 'react';

// The proof-of-work widget is most of the bundle; load it only when a captcha is asked for.
const Widget = lazy(() => import('./captcha.tsx').then((m) => ({ default: m.Captcha })));

export function Captcha({ onSolved }: { onSolved: (payload: string | undefined) => void }) {
  return (
    <Suspense fallback={<Loading label="Loading the robot check…" className="mb-4 text-sm" />}>
      <Widget onSolved={onSolved} />
    </Suspense>
  );
}
