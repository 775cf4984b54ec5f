/**
 * A notice for a page the shopper is sent to (signing out leaves through the server's logout
 * redirect, so router state cannot carry it): kept in sessionStorage for one path, and shown once
 * there by `<Notice />` (the home page, the sign-in page).
 */
import { Alert } from '@vitrine/ui';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useHydrated } from './env.tsx';

const NOTICE = 'vitrine.shop.notice';

export function leaveNotice(text: string, pathname: string): void {
  sessionStorage.setItem(NOTICE, JSON.stringify({ text, pathname }));
}

/** The notice left for `pathname` (browser only). */
function noticeFor(pathname: string): string | undefined {
  try {
    const notice = JSON.parse(sessionStorage.getItem(NOTICE) ?? 'null') as {
      text?: unknown;
      pathname?: unknown;
    } | null;
    return notice?.pathname === pathname && typeof notice.text === 'string' ? notice.text : undefined;
  } catch {
    return undefined;
  }
}

/** The notice left for this page, after hydration (the server cannot know it). */
export function Notice() {
  return useHydrated() ? <Shown /> : null;
}

function Shown() {
  const { pathname } = useLocation();
  const [text] = useState(() => noticeFor(pathname));
  // Said once: a reload or a later visit does not repeat it.
  useEffect(() => {
    if (text) sessionStorage.removeItem(NOTICE);
  }, [text]);
  return <Alert variant="info">{text}</Alert>;
}
