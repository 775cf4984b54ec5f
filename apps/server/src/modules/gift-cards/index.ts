/** The gift-cards module's face: all that app.ts and other modules may use of it (modules/README.md). */
import type { ServerModule } from '../../platform/module.ts';
import { seedGiftCardsDemo } from './demo.ts';
import { giftCardsRoutes } from './routes.ts';
export { seedGiftCardsDemo } from './demo.ts';
export { findGiftCardByCode, redeemGiftCard } from './service.ts';
export { type GiftCardsTables } from './store.ts';

export const giftCardsModule: ServerModule = {
  name: 'gift-cards',
  routes: ({ router }) => giftCardsRoutes(router),
  demo: seedGiftCardsDemo,
};
