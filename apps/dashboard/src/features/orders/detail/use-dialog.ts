/** The order page's open dialog (`?dialog=…`, with `&shipment=` for a shipment's), the link that opens each, and closing. */
import { useCloseDialog } from '../../../app/url-dialog.ts';
import { useRouteSearch } from '../../../app/url.ts';
import { ordersUrls, type OrderDialog } from '../urls.ts';

export { OPENED_HERE } from '../../../app/url-dialog.ts';

export function useOrderDialog(orderId: string) {
  const [{ dialog, shipment }] = useRouteSearch(ordersUrls.detail);
  const close = useCloseDialog(ordersUrls.detail.href({ id: orderId }));
  const linkTo = (d: OrderDialog, shipmentId?: string) =>
    ordersUrls.detail.href({ id: orderId }, { dialog: d, shipment: shipmentId });
  return { dialog, shipment, close, linkTo };
}
