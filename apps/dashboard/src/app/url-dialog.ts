/**
 * Dialogs whose open state is the URL (`?dialog=refund`): a link opens one (a new history entry,
 * with `state={OPENED_HERE}`, so that Back closes it), and `useCloseDialog(base)` closes it: one
 * step back when the page opened it, else (a shared link, a reload) to `base`, the page's URL
 * without the dialog, replacing the entry.
 *
 *   <Link to={urls.detail.href({ id }, { dialog: 'refund' })} state={OPENED_HERE} preventScrollReset>
 *   const close = useCloseDialog(urls.detail.href({ id }));
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Link state marking a dialog opened from the page itself (closing it is then one step back). */
export const OPENED_HERE = { openedHere: true } as const;

export function useCloseDialog(base: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const openedHere = (location.state as { openedHere?: boolean } | null)?.openedHere === true;
  return useCallback(() => {
    if (openedHere) void navigate(-1);
    else void navigate(base, { replace: true, preventScrollReset: true });
  }, [navigate, openedHere, base]);
}
