import { z } from 'zod';
import { ruleParams } from './errors.ts';
import { cursorPaging, filter, platformPagingMetadata, sortOrder } from './query.ts';
import { decimalString, isoDate } from './scalars.ts';

/**
 * Back-in-stock notification requests (contract back-in-stock-recommendations.md §2):
 * `/back-in-stock-service/v1/back-in-stock-notification-requests` (alias: bare `/v1/…`), and
 * Vitrine's unsubscribe link of the back-in-stock e-mail.
 */

/** Bounds (the contract is silent). */
export const BACK_IN_STOCK_LIMITS = {
  itemName: 200,
  url: 2000,
  /** Request ids of one report-items-back-in-stock call. */
  requestIds: 1000,
  /** Catalog references of one count call. */
  countReferences: 100,
} as const;

export const backInStockStatus = z.enum([
  'UNSPECIFIED',
  'RECEIVED',
  'PROCESSING',
  'NOTIFICATION_SENT',
  'FAILED',
]);
export type BackInStockStatus = z.infer<typeof backInStockStatus>;

/** A catalog reference as the SDK sends it; `options` is the catalog's (`variantId`, or `options` by name). */
export const backInStockCatalogReference = z.strictObject({
  catalogItemId: z.string().min(1).max(100),
  appId: z.string().min(1).max(100),
  options: z.record(z.string(), z.unknown()).nullish(),
});
export type BackInStockCatalogReference = z.infer<typeof backInStockCatalogReference>;

const webUrl = z
  .string()
  .max(BACK_IN_STOCK_LIMITS.url)
  .refine((v) => /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(v), {
    message: 'must be an http(s) URL',
    ...ruleParams('FORMAT', { format: 'WEB_URL' }),
  });

/**
 * The item as the e-mail shows it (input only). The SDK turns `image` into an object: `{url}` from a
 * plain URL, `{id, url: <wix:image string>, width, height, …}` from a `wix:image://` id.
 */
export const backInStockItemDetails = z.strictObject({
  name: z.string().max(BACK_IN_STOCK_LIMITS.itemName).nullish(),
  price: decimalString({ scale: 4 }).nullish(),
  image: z
    .union([
      z.string().max(BACK_IN_STOCK_LIMITS.url),
      z.looseObject({
        id: z.string().max(300).nullish(),
        url: z.string().max(BACK_IN_STOCK_LIMITS.url).nullish(),
        height: z.number().nullish(),
        width: z.number().nullish(),
        altText: z.string().max(300).nullish(),
        filename: z.string().max(300).nullish(),
      }),
    ])
    .nullish(),
});
export type BackInStockItemDetails = z.infer<typeof backInStockItemDetails>;

export const backInStockRequestInput = z.strictObject({
  catalogReference: backInStockCatalogReference,
  email: z.email().max(254),
  itemUrl: webUrl.nullish(),
  // Read-only fields a client may send back unchanged; ignored.
  id: z.string().max(100).nullish(),
  contactId: z.string().max(100).nullish(),
  status: backInStockStatus.nullish(),
  autoNotified: z.boolean().nullish(),
  createdDate: z.string().max(100).nullish(),
});

export const createBackInStockRequest = z.strictObject({
  request: backInStockRequestInput,
  itemDetails: backInStockItemDetails.optional(),
});

export const backInStockRequest = z.strictObject({
  id: z.string(),
  catalogReference: z.strictObject({
    catalogItemId: z.string(),
    appId: z.string(),
    options: z.record(z.string(), z.unknown()).optional(),
  }),
  email: z.string(),
  /** The member's id when a member asked (contacts are members here). */
  contactId: z.string().optional(),
  status: backInStockStatus,
  autoNotified: z.boolean(),
  createdDate: isoDate,
  itemUrl: z.string().optional(),
});
export type WireBackInStockRequest = z.infer<typeof backInStockRequest>;
export const backInStockRequestResponse = z.strictObject({ request: backInStockRequest });

export const markAsNotificationSentRequest = z.strictObject({ id: z.string().max(100).optional() });

export const countByCatalogReferenceQuery = z.strictObject({
  catalogReferences: z.array(backInStockCatalogReference).min(1).max(BACK_IN_STOCK_LIMITS.countReferences),
});
export const countByCatalogReferenceResponse = z.strictObject({
  countsPerCatalogReference: z.array(
    z.strictObject({ catalogReference: backInStockCatalogReference, count: z.number() }),
  ),
});

export const reportItemsBackInStockRequest = z.strictObject({
  itemDetails: backInStockItemDetails.optional(),
  catalogReference: backInStockCatalogReference.nullish(),
  requestIds: z.array(z.string().max(100)).max(BACK_IN_STOCK_LIMITS.requestIds).nullish(),
  /** Template parameters of the hosted platform's automations; accepted, not used (no templates here). */
  extraAutomationTemplateParameters: z.record(z.string().max(100), z.string().max(1000)).nullish(),
});

/** The query object; sort entries may carry a geo `origin` (no field here is a location: ignored). */
export const backInStockQuery = z.strictObject({
  filter: filter.nullish(),
  sort: z
    .array(
      z
        .strictObject({
          fieldName: z.string().min(1).max(200),
          order: sortOrder.default('ASC'),
          origin: z
            .strictObject({ latitude: z.number().nullish(), longitude: z.number().nullish() })
            .nullish(),
        })
        .transform(({ fieldName, order }) => ({ fieldName, order })),
    )
    .max(5)
    .nullish(),
  cursorPaging: cursorPaging.nullish(),
  fields: z.array(z.string()).optional(),
  fieldsets: z.array(z.string()).optional(),
});
export const queryBackInStockRequests = z.strictObject({ query: backInStockQuery.optional() });
export const queryBackInStockResponse = z.strictObject({
  requests: z.array(backInStockRequest),
  metadata: platformPagingMetadata.partial({ offset: true, total: true, tooManyToCount: true }),
});

/** The signed unsubscribe link of a back-in-stock e-mail (Vitrine): deletes the request. */
export const backInStockUnsubscribeRequest = z.strictObject({ token: z.string().min(10).max(2000) });
export const backInStockUnsubscribeQuery = z.strictObject({ token: z.string().max(2000) });
