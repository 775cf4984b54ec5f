/**
 * A list page's dialogs in its URL (`?dialog=edit&id=…`): links that open them (a new history
 * entry, so Back closes them) and `close`, back to the page as it was without the dialog.
 */
import { useCloseDialog } from '../app/url-dialog.ts';

export { OPENED_HERE } from '../app/url-dialog.ts';

export function useListDialog<D extends string>(o: {
  /** The page's URL with these values for `dialog` and `id` (the others kept). */
  href: (dialog: D | undefined, id?: string) => string;
}) {
  const close = useCloseDialog(o.href(undefined));
  return { close, open: (dialog: D, id?: string) => o.href(dialog, id) };
}
