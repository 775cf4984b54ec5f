export { cancelUnpaidOrderJob } from './cancel.ts';
export { ordersRoutes } from './routes.ts';
export {
  applyPaymentUpdate,
  getOrder,
  getOrderForPayment,
  insertOrder,
  notifyRefund,
  type OrderDraft,
} from './service.ts';
export { type OrdersTables } from './store.ts';
