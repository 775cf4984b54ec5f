import 'altcha';
import { useEffect, useRef } from 'react';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        challenge?: string;
        name?: string;
        auto?: string;
      };
    }
  }
}

/** The self-hosted ALTCHA proof-of-work check; calls `onSolved` with the payload to send as a captcha token. */
export function Captcha({ onSolved }: { onSolved: (payload: string | undefined) => void }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onState = (ev: Event) => {
      const detail = (ev as CustomEvent<{ state: string; payload?: string }>).detail;
      onSolved(detail.state === 'verified' ? detail.payload : undefined);
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, [onSolved]);
  return (
    <div className="mb-4">
      <altcha-widget ref={ref} challenge="/_api/iam/captcha/v1/challenge" name="captcha" />
    </div>
  );
}
