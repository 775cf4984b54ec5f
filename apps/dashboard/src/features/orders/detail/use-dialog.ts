/** The order page's open dialog (`?dialog=…`, `ordersUrls.detail`), the link that opens each, and closing. */
import { useCloseDialog } from '../../../app/url-dialog.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { ordersUrls, type OrderDialog } from '../urls.ts';

export { OPENED_HERE } from '../../../app/url-dialog.ts';

export function useOrderDialog(orderId: string) {
  const [{ dialog }] = useRouteSearch(ordersUrls.detail);
  const close = useCloseDialog(ordersUrls.detail.href({ id: orderId }));
  const linkTo = (d: OrderDialog) => ordersUrls.detail.href({ id: orderId }, { dialog: d });
  return { dialog, close, linkTo };
}
