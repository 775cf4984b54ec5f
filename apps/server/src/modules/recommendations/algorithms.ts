/** The recommendation algorithms Vitrine offers (README): bought together, and best sellers. */
import { APP_ID } from '@vitrine/contract';

/** The hosted platform's id of its "Related items" algorithm (contract capture). */
export const RELATED_ITEMS_ID = '68ebce04-b96a-4c52-9329-08fc9d8c1253';
/** Vitrine's id of its best sellers algorithm. */
export const GLOBAL_ID = '1b7e5a4c-2f3d-4e6a-9c8b-5d4f3e2a1b0c';

export const ALGORITHMS = [
  {
    config: {
      name: 'Related items',
      description:
        'Items bought together with the given items (recent orders weigh more), then items of the same category and price band',
      additionalInfo: null,
      algorithmType: 'RELATED_ITEMS' as const,
      algorithmId: RELATED_ITEMS_ID,
    },
    appId: APP_ID.stores,
    catalogAppIds: [APP_ID.stores],
  },
  {
    config: {
      name: 'Best sellers',
      description: 'The most sold items of the last 30 days',
      additionalInfo: null,
      algorithmType: 'GLOBAL' as const,
      algorithmId: GLOBAL_ID,
    },
    appId: APP_ID.stores,
    catalogAppIds: [APP_ID.stores],
  },
];
