export { captureOnFulfillmentSubscriber } from './capture-on-fulfillment.ts';
export { scheduledActionJob } from './pay.ts';
export { paymentsRoutes } from './routes.ts';
export { preparePaymentCollection, recordGiftCardPayment, recordOfflinePayment } from './service.ts';
export { type PaymentsTables } from './store.ts';
