export { seedGiftCardsDemo } from './demo.ts';
export { giftCardsRoutes } from './routes.ts';
export { findGiftCardByCode, redeemGiftCard } from './service.ts';
export { type GiftCardsTables } from './store.ts';
