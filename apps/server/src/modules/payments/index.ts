/** The payments module's face: all that app.ts and other modules may use of it (modules/README.md). */
import type { ServerModule } from '../../platform/module.ts';
import type { JobHandler } from '../../platform/jobs.ts';
import { captureOnFulfillmentSubscriber } from './capture-on-fulfillment.ts';
import { scheduledActionJob } from './pay.ts';
import { paymentsRoutes } from './routes.ts';
import { transactionsOf } from './ledger.ts';
export { preparePaymentCollection, recordGiftCardPayment, recordOfflinePayment } from './service.ts';
export { openAuthorizations } from './stats.ts';
export { type PaymentsTables } from './store.ts';

export const paymentsModule: ServerModule = {
  name: 'payments',
  routes: ({ router }) => paymentsRoutes(router),
  jobs: [scheduledActionJob as JobHandler<never>],
  subscribers: [captureOnFulfillmentSubscriber],
  ports: { payments: { transactionsOf: (ctx, orderId) => transactionsOf(ctx, orderId) } },
};
