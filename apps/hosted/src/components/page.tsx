import { Card, PageHeading } from '@vitrine/ui';
import type { ReactNode } from 'react';
import { useDocumentTitle, useStoreName } from '../store-name.ts';

/** The sign-in pages' frame: the store's name, then the page in one narrow card. */
export function Page({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const storeName = useStoreName();
  useDocumentTitle(title);
  return (
    <main className="mx-auto flex min-h-dvh max-w-sm flex-col justify-center px-4 py-10">
      <p className="mb-4 min-h-7 text-center text-lg font-semibold tracking-tight">{storeName}</p>
      <Card>
        <PageHeading size="md">{title}</PageHeading>
        {children}
      </Card>
      {footer && <div className="mt-4 text-center text-sm text-muted">{footer}</div>}
    </main>
  );
}
