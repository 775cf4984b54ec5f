/** A titled panel of a page (a settings group, a list beside others), named by its heading. */
import { Card } from '@vitrine/ui';
import { useId, type ReactNode } from 'react';

export function Section({
  title,
  description,
  action,
  children,
  className = 'mb-6',
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <Card className={`min-w-0 ${className}`}>
      <section aria-labelledby={id}>
        <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id={id} className="text-lg font-semibold">
              {title}
            </h2>
            {description && <p className="text-sm text-muted">{description}</p>}
          </div>
          {action}
        </div>
        {children}
      </section>
    </Card>
  );
}
