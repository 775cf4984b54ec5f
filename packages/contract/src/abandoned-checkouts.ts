/**
 * Abandoned checkouts (`@wix/ecom` abandonedCheckouts, `/ecom/v1/abandoned-checkout`): a checkout a
 * shopper with an e-mail address left unfinished, kept as it was, with what was done to recover it
 * (server module abandoned-checkouts, README).
 */
import { z } from 'zod';
import { applicationError } from './errors.ts';
import { cursorPaging, filter, offsetPaging, platformPagingMetadata, sorting } from './query.ts';
import { isoDate, multiCurrencyPrice } from './scalars.ts';

export const ABANDONED_CHECKOUT_STATUSES = ['ABANDONED', 'RECOVERED'] as const;
export const abandonedCheckoutStatus = z.enum(ABANDONED_CHECKOUT_STATUSES);
export const ABANDONED_CHECKOUT_ACTIVITIES = [
  'SCHEDULED',
  'EMAIL_SENT',
  'EMAIL_NOT_SENT',
  'NOTIFICATION_SENT',
  'TASK_CREATED',
  'AUTOMATION_SKIPPED',
] as const;
export const abandonedCheckoutActivityType = z.enum(ABANDONED_CHECKOUT_ACTIVITIES);
export const ABANDONED_CHECKOUT_METRICS = [
  'RECOVERABLE_VALUE',
  'RECOVERABLE_CHECKOUT_COUNT',
  'AVERAGE_RECOVERABLE_CHECKOUT_VALUE',
  'RECOVERED_VALUE',
  'RECOVERED_CHECKOUT_COUNT',
  'RECOVERY_RATE',
] as const;
/** The most ids one bulk delete takes. */
export const ABANDONED_CHECKOUT_BULK_LIMIT = 100;

const translated = z.strictObject({ original: z.string(), translated: z.string().optional() });

export const abandonedCheckoutLineItem = z.strictObject({
  id: z.string(),
  quantity: z.number().int(),
  catalogReference: z
    .strictObject({
      catalogItemId: z.string(),
      appId: z.string(),
      options: z.record(z.string(), z.unknown()).nullish(),
    })
    .optional(),
  productName: translated,
  price: multiCurrencyPrice,
  priceBeforeDiscounts: multiCurrencyPrice.optional(),
  descriptionLines: z.array(
    z.strictObject({
      name: translated,
      plainText: translated.optional(),
      colorInfo: translated.extend({ code: z.string().optional() }).optional(),
    }),
  ),
  /** The item's picture (a URL). */
  image: z.string().optional(),
});

export const abandonedCheckoutActivity = z.strictObject({
  createdDate: isoDate,
  type: abandonedCheckoutActivityType,
});

export const abandonedCheckout = z.strictObject({
  id: z.string(),
  createdDate: isoDate,
  updatedDate: isoDate,
  checkoutId: z.string(),
  cartId: z.string().nullish(),
  status: abandonedCheckoutStatus,
  buyerLanguage: z.string().optional(),
  buyerInfo: z.strictObject({
    visitorId: z.string().optional(),
    memberId: z.string().optional(),
    contactId: z.string().optional(),
    email: z.string().optional(),
  }),
  contactDetails: z
    .strictObject({
      firstName: z.string().optional(),
      lastName: z.string().optional(),
      phone: z.string().optional(),
      company: z.string().optional(),
    })
    .optional(),
  currency: z.string(),
  conversionCurrency: z.string(),
  subtotalPrice: multiCurrencyPrice,
  totalPrice: multiCurrencyPrice,
  activities: z.array(abandonedCheckoutActivity),
  checkoutRecoveredDate: isoDate.optional(),
  /** The recovery link: opens this checkout again on the hosted checkout page (signed, 30 days). */
  checkoutUrl: z.string(),
  lineItems: z.array(abandonedCheckoutLineItem),
  appliedDiscounts: z.array(
    z.strictObject({
      coupon: z.strictObject({ id: z.string(), code: z.string(), name: z.string().optional() }).optional(),
      discountRule: z.strictObject({ id: z.string(), name: translated }).optional(),
      merchantDiscount: z.strictObject({ amount: multiCurrencyPrice }).optional(),
    }),
  ),
});
export type WireAbandonedCheckout = z.infer<typeof abandonedCheckout>;

export const abandonedCheckoutResponse = z.strictObject({ abandonedCheckout });
export const abandonedCheckoutIdParams = z.object({ abandonedCheckoutId: z.string().min(1).max(100) });

/** The query object (cursor paging; sort entries may carry a geo `origin`, ignored: no field is a place). */
const abandonedCheckoutSort = z
  .array(
    sorting
      .extend({
        origin: z.strictObject({ latitude: z.number().nullish(), longitude: z.number().nullish() }).nullish(),
      })
      .transform(({ fieldName, order }) => ({ fieldName, order })),
  )
  .max(5)
  .nullish();
export const queryAbandonedCheckoutsRequest = z.strictObject({
  query: z
    .strictObject({
      filter: filter.nullish(),
      sort: abandonedCheckoutSort,
      cursorPaging: cursorPaging.nullish(),
      /** Offset paging, as the platform's QueryV2 also takes (with `total`). */
      paging: offsetPaging.nullish(),
      fields: z.array(z.string()).optional(),
      fieldsets: z.array(z.string()).optional(),
    })
    .optional(),
});
export type AbandonedCheckoutQuery = NonNullable<z.infer<typeof queryAbandonedCheckoutsRequest>['query']>;
const pagingMetadata = platformPagingMetadata.partial({ offset: true, total: true, tooManyToCount: true });
export const queryAbandonedCheckoutsResponse = z.strictObject({
  abandonedCheckouts: z.array(abandonedCheckout),
  metadata: pagingMetadata,
});

/** Search: the query's filter, sort and paging, and words matched against the buyer's e-mail and name. */
export const searchAbandonedCheckoutsRequest = z.strictObject({
  search: z
    .strictObject({
      filter: filter.nullish(),
      sort: abandonedCheckoutSort,
      cursorPaging: cursorPaging.nullish(),
      /** Offset paging, as the platform's QueryV2 also takes (with `total`). */
      paging: offsetPaging.nullish(),
      search: z
        .strictObject({
          mode: z.enum(['OR', 'AND']).optional(),
          expression: z.string().max(200).nullish(),
          fields: z.array(z.string().max(200)).max(10).optional(),
          fuzzy: z.boolean().optional(),
        })
        .nullish(),
    })
    .optional(),
});
export const searchAbandonedCheckoutsResponse = z.strictObject({
  abandonedCheckouts: z.array(abandonedCheckout),
  pagingMetadata,
});

export const bulkDeleteAbandonedCheckoutsRequest = z.strictObject({
  abandonedCheckoutIds: z.array(z.string().max(100)).min(1).max(ABANDONED_CHECKOUT_BULK_LIMIT),
});
export const bulkDeleteAbandonedCheckoutsResponse = z.strictObject({
  results: z.array(
    z.strictObject({
      itemMetadata: z.strictObject({
        id: z.string().optional(),
        originalIndex: z.number(),
        success: z.boolean(),
        error: applicationError.optional(),
      }),
    }),
  ),
  bulkActionMetadata: z.strictObject({
    totalSuccesses: z.number(),
    totalFailures: z.number(),
    undetailedFailures: z.number(),
  }),
});

export const addAbandonedCheckoutActivityRequest = z.strictObject({
  abandonedCheckoutId: z.string().max(100).nullish(),
  activityType: abandonedCheckoutActivityType,
});

/** `startDate`/`endDate`: the days (or instants) the checkouts were abandoned in, both included. */
export const abandonedCheckoutAnalyticsRequest = z.strictObject({
  startDate: z.string().min(1).max(40),
  endDate: z.string().min(1).max(40),
  metrics: z.array(z.enum(ABANDONED_CHECKOUT_METRICS)).max(ABANDONED_CHECKOUT_METRICS.length).optional(),
  statuses: z.array(abandonedCheckoutStatus).max(2).optional(),
});
export const abandonedCheckoutAnalyticsResponse = z.strictObject({
  currency: z.string(),
  recoverableValue: z.string().optional(),
  recoverableCheckoutCount: z.number().optional(),
  averageRecoverableCheckoutValue: z.string().optional(),
  recoveredValue: z.string().optional(),
  recoveredCheckoutCount: z.number().optional(),
  recoveryRate: z.number().optional(),
});
export type AbandonedCheckoutAnalytics = z.infer<typeof abandonedCheckoutAnalyticsResponse>;

/** The recovery link's query: the platform's `metasiteId` (ignored: one store) and Vitrine's signature. */
export const redirectToCheckoutQuery = z.strictObject({
  metasiteId: z.string().max(100).optional(),
  token: z.string().max(2000).optional(),
});
