import { Card, PageHeading } from '@vitrine/ui';
import type { ReactNode } from 'react';

/** The signed-out pages' frame: a narrow card in the middle of the page. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-start justify-center px-4 py-10 sm:items-center">
      <Card className="w-full max-w-md">
        <p className="mb-2 text-sm font-medium text-muted">Vitrine dashboard</p>
        <PageHeading size="md">{title}</PageHeading>
        {children}
      </Card>
    </main>
  );
}

/** The 6-digit code field's input attributes (authenticator apps, password managers, phone keyboards). */
export const codeInput = {
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  pattern: '[0-9]{6}',
  maxLength: 6,
} as const;
