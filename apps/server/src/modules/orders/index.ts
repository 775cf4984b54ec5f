/** The orders module's face: all that app.ts and other modules may use of it (modules/README.md). */
import type { ServerModule } from '../../platform/module.ts';
import type { JobHandler } from '../../platform/jobs.ts';
import { cancelUnpaidManualOrderJob, cancelUnpaidOrderJob } from './cancel.ts';
import { ordersRoutes } from './routes.ts';
export {
  applyPaymentUpdate,
  getOrder,
  getOrderForPayment,
  sendOrderForPayment,
  insertOrder,
  keptOrderForPayment,
  notifyPaymentReceived,
  notifyRefund,
  sendKeptOrderLock,
  type OrderDraft,
} from './service.ts';
export { scheduleManualPaymentDeadline } from './cancel.ts';
export { type PaidWith } from './mails.ts';
export { sendOrderNumber } from './place.ts';
export { hasPurchased, orderedSince, readOrderForSystem } from './purchases.ts';
export { addOrderSearchField, countOrders } from './search-fields.ts';
export { dailyOrderStats, ordersAwaitingPayment, ordersToFulfil } from './stats.ts';
export { type OrdersTables } from './store.ts';

export const ordersModule: ServerModule = {
  name: 'orders',
  routes: ({ router }) => ordersRoutes(router),
  jobs: [cancelUnpaidOrderJob as JobHandler<never>, cancelUnpaidManualOrderJob as JobHandler<never>],
};
