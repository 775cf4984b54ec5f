import { useId, type ReactNode } from 'react';
import { Badge } from './badge.tsx';
import { Button } from './button.tsx';

/**
 * One place someone is signed in, as an item of a list (`<ul>`): the device's name, a badge on the
 * session that asks ("This device"), lines of detail, and "Sign out" on the others (described by
 * the device's name, so each button says which one it ends).
 */
export function SessionItem({
  name,
  current,
  currentLabel = 'This device',
  details,
  busy,
  onEnd,
  className = 'py-3',
}: {
  name: string;
  current: boolean;
  currentLabel?: string;
  details: readonly ReactNode[];
  busy?: boolean | undefined;
  onEnd: () => void;
  className?: string;
}) {
  const nameId = useId();
  return (
    <li className={`flex flex-wrap items-center justify-between gap-3 ${className}`}>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span id={nameId}>{name}</span>
          {current && <Badge tone="success">{currentLabel}</Badge>}
        </p>
        {details.map((d, i) => (
          <p key={i} className="text-sm text-muted">
            {d}
          </p>
        ))}
      </div>
      {!current && (
        <Button variant="secondary" size="sm" busy={busy ?? false} aria-describedby={nameId} onClick={onEnd}>
          Sign out
        </Button>
      )}
    </li>
  );
}
