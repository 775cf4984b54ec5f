import { z } from 'zod';
import { withAddressLine } from './addresses.ts';
import { cursorPaging, cursorPagingMetadata, filter, sorting } from './query.ts';
import { orderTransactions } from './payments.ts';
import { id, isoDate, price } from './scalars.ts';

/** Orders (contract/orders-payments.md §1, §3, §4) and order fulfillments. */
export const orderStatus = z.enum(['INITIALIZED', 'APPROVED', 'CANCELED', 'PENDING', 'REJECTED']);
export const orderPaymentStatus = z.enum([
  'UNSPECIFIED',
  'NOT_PAID',
  'PAID',
  'PARTIALLY_REFUNDED',
  'FULLY_REFUNDED',
  'PENDING',
  'PARTIALLY_PAID',
  'PENDING_MERCHANT',
  'CANCELED',
  'DECLINED',
]);
export const orderFulfillmentStatus = z.enum(['NOT_FULFILLED', 'FULFILLED', 'PARTIALLY_FULFILLED']);
export const orderChannelType = z.enum([
  'UNSPECIFIED',
  'WEB',
  'POS',
  'EBAY',
  'AMAZON',
  'OTHER_PLATFORM',
  'WIX_APP_STORE',
  'WIX_INVOICES',
  'BACKOFFICE_MERCHANT',
  'WISH',
  'CLASS_PASS',
  'GLOBAL_E',
  'FACEBOOK',
  'ETSY',
  'TIKTOK',
  'FAIRE_COM',
  'PAYPAL_AGENTIC_CHECKOUT',
  'STRIPE_AGENTIC_CHECKOUT',
]);
export const orderWeightUnit = z.enum(['UNSPECIFIED_WEIGHT_UNIT', 'KG', 'LB']);
export const orderItemTypePreset = z.enum([
  'UNRECOGNISED',
  'PHYSICAL',
  'DIGITAL',
  'GIFT_CARD',
  'SERVICE',
  'CUSTOM_AMOUNT_ITEM',
]);
export const orderPaymentOption = z.enum([
  'FULL_PAYMENT_ONLINE',
  'FULL_PAYMENT_OFFLINE',
  'MEMBERSHIP',
  'DEPOSIT_ONLINE',
  'MEMBERSHIP_OFFLINE',
  'MEMBERSHIP_ONLINE_WITH_OFFLINE_REMAINDER',
]);
export const orderApprovalStrategy = z.enum(['DEFAULT', 'PAYMENT_RECEIVED', 'PAYMENT_METHOD_SAVED']);
export const orderActivityType = z.enum([
  'ORDER_REFUNDED',
  'ORDER_PLACED',
  'ORDER_PAID',
  'ORDER_FULFILLED',
  'ORDER_NOT_FULFILLED',
  'ORDER_CANCELED',
  'DOWNLOAD_LINK_SENT',
  'TRACKING_NUMBER_ADDED',
  'TRACKING_NUMBER_EDITED',
  'TRACKING_LINK_ADDED',
  'SHIPPING_CONFIRMATION_EMAIL_SENT',
  'INVOICE_ADDED',
  'INVOICE_REMOVED',
  'INVOICE_SENT',
  'FULFILLER_EMAIL_SENT',
  'SHIPPING_ADDRESS_EDITED',
  'EMAIL_EDITED',
  'PICKUP_READY_EMAIL_SENT',
  'CUSTOM_ACTIVITY',
  'MERCHANT_COMMENT',
  'ORDER_PARTIALLY_PAID',
  'DRAFT_ORDER_CHANGES_APPLIED',
  'SAVED_PAYMENT_METHOD',
  'AUTHORIZED_PAYMENT_CREATED',
  'AUTHORIZED_PAYMENT_CAPTURED',
  'AUTHORIZED_PAYMENT_VOIDED',
  'REFUND_INITIATED',
  'PAYMENT_REFUNDED',
  'PAYMENT_REFUND_FAILED',
  'REFUNDED_AS_STORE_CREDIT',
  'PAYMENT_PENDING',
  'PAYMENT_CANCELED',
  'PAYMENT_DECLINED',
  'ORDER_PENDING',
  'ORDER_REJECTED',
  'RECEIPT_CREATED',
  'RECEIPT_SENT',
  'CHARGEBACK_CREATED',
  'CHARGEBACK_REVERSED',
]);
export type OrderStatusValue = z.infer<typeof orderStatus>;
export type OrderPaymentStatusValue = z.infer<typeof orderPaymentStatus>;
export type FulfillmentStatusValue = z.infer<typeof orderFulfillmentStatus>;
export type OrderActivityType = z.infer<typeof orderActivityType>;

// ---- inputs (createOrder's `order`, updateOrder's patch) -------------------------------------------

/** A non-negative decimal amount; the currency's number of decimals is checked by the server. */
const amount = z.string().regex(/^\d{1,13}(\.\d+)?$/, 'must be a non-negative decimal number, e.g. "10.00"');
/** `Price` as callers send it: the amount counts, `formattedAmount` is recomputed. */
export const orderPriceInput = z.object({ amount, formattedAmount: z.string().max(100).optional() });
const text = (max: number) => z.string().max(max);

/** An ecom address in REST form (`addressLine`, `formattedAddress`, `geocode`; conventions §5). */
export const orderAddress = z
  .object({
    country: text(100).optional(),
    subdivision: text(100).optional(),
    city: text(200).optional(),
    postalCode: text(50).optional(),
    addressLine: text(500).optional(),
    addressLine2: text(500).optional(),
    formattedAddress: text(1000).optional(),
    hint: text(500).optional(),
    countryFullname: text(200).optional(),
    subdivisionFullname: text(200).optional(),
    streetAddress: z
      .object({
        number: text(50).optional(),
        name: text(200).optional(),
        apt: text(50).optional(),
        formattedAddressLine: text(500).optional(),
      })
      .optional(),
    geocode: z
      .object({
        latitude: z.number().min(-90).max(90).optional(),
        longitude: z.number().min(-180).max(180).optional(),
      })
      .optional(),
  })
  .transform(withAddressLine);
export const orderContactDetails = z.object({
  firstName: text(100).optional(),
  lastName: text(100).optional(),
  phone: text(50).optional(),
  company: text(200).optional(),
  vatId: z
    .object({ id: text(50).optional(), type: z.enum(['UNSPECIFIED', 'CPF', 'CNPJ']).optional() })
    .optional(),
});
export const orderAddressWithContact = z.object({
  address: orderAddress.optional(),
  contactDetails: orderContactDetails.optional(),
});

const translatable = z.object({
  original: z.string().trim().min(1).max(200),
  translated: z.string().max(200).optional(),
});
const imageInput = z.object({
  id: text(500).optional(),
  url: text(2000).optional(),
  height: z.number().int().min(0).optional(),
  width: z.number().int().min(0).optional(),
  altText: text(500).optional(),
  filename: text(500).optional(),
});
const descriptionLine = z.object({
  name: z.object({ original: text(200), translated: text(200).optional() }),
  plainText: z.object({ original: text(1000), translated: text(1000).optional() }).optional(),
  colorInfo: z
    .object({ original: text(200), translated: text(200).optional(), code: text(20).optional() })
    .optional(),
  lineType: text(50).optional(),
});

export const orderLineItemInput = z.object({
  id: id.optional(),
  productName: translatable,
  catalogReference: z
    .object({
      catalogItemId: z.string().min(1).max(100),
      appId: z.string().min(1).max(100),
      options: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
  quantity: z.number().int().min(1).max(100_000),
  price: orderPriceInput,
  priceBeforeDiscounts: orderPriceInput.optional(),
  totalDiscount: orderPriceInput.optional(),
  totalPriceBeforeTax: orderPriceInput.optional(),
  totalPriceAfterTax: orderPriceInput.optional(),
  lineItemPrice: orderPriceInput.optional(),
  taxDetails: z
    .object({
      taxRate: z
        .string()
        .regex(/^\d{1,3}(\.\d{1,6})?$/, 'must be a decimal rate, e.g. "0.2"')
        .optional(),
      totalTax: orderPriceInput.optional(),
      taxableAmount: orderPriceInput.optional(),
    })
    .optional(),
  itemType: z.object({ preset: orderItemTypePreset.optional(), custom: text(100).optional() }).optional(),
  physicalProperties: z
    .object({
      weight: z.number().min(0).max(1_000_000).optional(),
      sku: text(40).optional(),
      shippable: z.boolean().optional(),
    })
    .optional(),
  descriptionLines: z.array(descriptionLine).max(50).optional(),
  image: imageInput.optional(),
  paymentOption: orderPaymentOption.optional(),
  fulfillerId: text(100).optional(),
  digitalFile: z
    .object({ fileId: text(200).optional(), link: text(2000).optional(), expirationDate: isoDate.optional() })
    .optional(),
  priceDescription: z.object({ original: text(200), translated: text(200).optional() }).optional(),
});
export type OrderLineItemInput = z.infer<typeof orderLineItemInput>;

const shippingInfoInput = z.object({
  carrierId: text(100).optional(),
  code: text(100).optional(),
  title: text(200).optional(),
  logistics: z
    .object({
      shippingDestination: orderAddressWithContact.optional(),
      pickupDetails: z
        .object({
          address: orderAddress.optional(),
          pickupMethod: z.enum(['STORE_PICKUP', 'PICKUP_POINT']).optional(),
        })
        .optional(),
      deliveryTime: text(200).optional(),
      instructions: text(2000).optional(),
      deliverByDate: isoDate.optional(),
      deliveryTimeSlot: z.object({ from: isoDate.optional(), to: isoDate.optional() }).optional(),
    })
    .optional(),
  cost: z
    .object({
      price: orderPriceInput.optional(),
      totalPriceBeforeTax: orderPriceInput.optional(),
      totalPriceAfterTax: orderPriceInput.optional(),
      discount: orderPriceInput.optional(),
      taxDetails: z
        .object({ taxRate: z.string().max(20).optional(), totalTax: orderPriceInput.optional() })
        .optional(),
    })
    .optional(),
  region: z.object({ id: text(100).optional(), name: text(200).optional() }).optional(),
});

const tagList = z.object({ tagIds: z.array(z.string().trim().min(1).max(100)).max(100) });
export const orderTags = z.object({ tags: tagList.optional(), privateTags: tagList.optional() });

export const orderInput = z.object({
  lineItems: z.array(orderLineItemInput).min(1).max(300),
  priceSummary: z.object({
    subtotal: orderPriceInput,
    shipping: orderPriceInput.optional(),
    tax: orderPriceInput.optional(),
    discount: orderPriceInput.optional(),
    total: orderPriceInput,
    totalAdditionalFees: orderPriceInput.optional(),
  }),
  /** ISO 4217; must be the store's currency. Defaults to it. */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code')
    .optional(),
  weightUnit: orderWeightUnit.optional(),
  buyerInfo: z
    .object({
      email: z.email().max(320).optional(),
      contactId: text(100).optional(),
      visitorId: text(100).optional(),
      memberId: text(100).optional(),
    })
    .optional(),
  billingInfo: orderAddressWithContact.optional(),
  shippingInfo: shippingInfoInput.optional(),
  recipientInfo: orderAddressWithContact.optional(),
  channelInfo: z
    .object({
      type: orderChannelType,
      externalOrderId: text(100).optional(),
      externalOrderUrl: text(2000).optional(),
    })
    .optional(),
  buyerLanguage: text(10).optional(),
  siteLanguage: text(10).optional(),
  taxIncludedInPrices: z.boolean().optional(),
  buyerNote: text(1000).optional(),
  purchasedDate: isoDate.optional(),
  /** Import only: the payment status the order arrives with (refunded orders cannot be imported). */
  paymentStatus: orderPaymentStatus.optional(),
  fulfillmentStatus: orderFulfillmentStatus.optional(),
  appliedDiscounts: z.array(z.record(z.string(), z.unknown())).max(100).optional(),
  additionalFees: z
    .array(
      z.object({
        code: text(100).optional(),
        name: text(200),
        price: orderPriceInput,
        taxDetails: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .max(100)
    .optional(),
  customFields: z
    .array(z.object({ title: text(200), value: z.unknown(), translatedTitle: text(200).optional() }))
    .max(50)
    .optional(),
  tags: orderTags.optional(),
  archived: z.boolean().optional(),
  attributionSource: z.enum(['UNSPECIFIED', 'FACEBOOK_ADS']).optional(),
  businessLocation: z.object({ id: text(100).optional(), name: text(200).optional() }).optional(),
  extendedFields: z
    .object({ namespaces: z.record(z.string(), z.record(z.string(), z.unknown())) })
    .optional(),
  purchaseFlowId: text(100).optional(),
  seenByAHuman: z.boolean().optional(),
});
export type OrderInput = z.infer<typeof orderInput>;

export const createOrderRequest = z.strictObject({
  order: orderInput,
  settings: z
    .object({
      editableByEveryone: z.boolean().optional(),
      editableByOwnerApps: z.boolean().optional(),
      orderApprovalStrategy: orderApprovalStrategy.optional(),
      notifications: z
        .object({
          sendNotificationToBuyer: z.boolean().optional(),
          sendNotificationsToBusiness: z.boolean().optional(),
        })
        .optional(),
    })
    .optional(),
});

/** updateOrder's patch: only these fields can change; any other field is FIELD_NOT_ALLOWED. */
export const orderPatch = z.strictObject({
  id: id.optional(),
  buyerInfo: z
    .strictObject({ email: z.email().max(320).optional(), contactId: text(100).optional() })
    .optional(),
  buyerNote: text(1000).optional(),
  buyerLanguage: text(10).optional(),
  archived: z.boolean().optional(),
  seenByAHuman: z.boolean().optional(),
  billingInfo: orderAddressWithContact.optional(),
  recipientInfo: orderAddressWithContact.optional(),
  shippingInfo: z
    .strictObject({ logistics: shippingInfoInput.shape.logistics, title: text(200).optional() })
    .optional(),
  channelInfo: z
    .strictObject({ externalOrderId: text(100).optional(), externalOrderUrl: text(2000).optional() })
    .optional(),
  attributionSource: orderInput.shape.attributionSource,
  customFields: orderInput.shape.customFields,
  businessLocation: orderInput.shape.businessLocation,
  extendedFields: orderInput.shape.extendedFields,
  tags: orderTags.optional(),
});
export type OrderPatch = z.infer<typeof orderPatch>;
export const updateOrderRequest = z.strictObject({
  order: orderPatch,
  fieldMask: z.string().max(2000).optional(),
});
export const bulkUpdateOrdersRequest = z.strictObject({
  orders: z
    .array(z.object({ order: orderPatch, fieldMask: z.string().max(2000).optional() }))
    .min(1)
    .max(100),
  returnEntity: z.boolean().optional(),
});
export const cancelOrderRequest = z.strictObject({
  id: id.optional(),
  sendOrderCanceledEmail: z.boolean().optional(),
  customMessage: z.string().max(1000).optional(),
  restockAllItems: z.boolean().optional(),
});
const tagsChange = z.object({ tags: tagList.optional(), privateTags: tagList.optional() });
export const bulkUpdateOrderTagsRequest = z.strictObject({
  orderIds: z.array(id).min(1).max(100),
  assignTags: tagsChange.optional(),
  unassignTags: tagsChange.optional(),
});
export const searchOrdersRequest = z.strictObject({
  search: z
    .object({
      filter: filter.nullish(),
      sort: z.array(sorting).max(5).nullish(),
      cursorPaging: cursorPaging.nullish(),
    })
    .nullish(),
});
/** Whether this runtime knows a zone name (`Europe/Berlin`, `UTC`). */
function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * `GET /ecom/v1/orders/export` (Vitrine's own: the dashboard's "Export CSV"): the orders search's
 * filter and sort as JSON text in `search`, and the zone the dates are written in (IANA, `UTC`
 * when omitted).
 */
export const exportOrdersQuery = z.strictObject({
  search: z
    .string()
    .max(20_000)
    .transform((text, c) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        c.addIssue({ code: 'custom', message: 'must be JSON: {"filter": …, "sort": […]}' });
        return z.NEVER;
      }
    })
    .pipe(z.strictObject({ filter: filter.nullish(), sort: z.array(sorting).max(5).nullish() }))
    .optional(),
  timeZone: z
    .string()
    .min(1)
    .max(64)
    .refine(knownZone, 'must be an IANA time zone, e.g. "Europe/Berlin"')
    .optional(),
});
/** The export's answer: CSV text (one row per line item, orders README "Export"). */
export const exportOrdersResponse = z.string();
export const addActivityRequest = z.strictObject({
  id: id.optional(),
  activity: z.object({
    merchantComment: z.object({ message: z.string().trim().min(1).max(5000) }).optional(),
    customActivity: z
      .object({
        appId: z.string().min(1).max(100),
        type: z.string().min(1).max(100),
        additionalData: z.record(z.string(), z.string()).optional(),
      })
      .optional(),
  }),
});
export const updateOrderStatusRequest = z.strictObject({ orderId: id.optional(), status: orderStatus });

// ---- the order as answers carry it (§3) -------------------------------------------------------------

const looseObject = z.record(z.string(), z.unknown());
export const orderActivity = z.object({
  id,
  createdDate: isoDate,
  type: orderActivityType,
  authorEmail: z.string().optional(),
  /** What happened, in words, when the type alone does not say it ("Refunded $10.50", "Captured $50.00"). */
  description: z.string().optional(),
  merchantComment: z.object({ message: z.string() }).optional(),
  customActivity: z
    .object({
      appId: z.string(),
      type: z.string(),
      additionalData: z.record(z.string(), z.string()).optional(),
    })
    .optional(),
});
export const orderLineItem = orderLineItemInput.extend({
  id,
  price,
  priceBeforeDiscounts: price,
  totalDiscount: price,
  totalPriceBeforeTax: price,
  totalPriceAfterTax: price,
  lineItemPrice: price,
  taxDetails: z.object({ taxRate: z.string(), totalTax: price, taxableAmount: price.optional() }),
  itemType: z.object({ preset: orderItemTypePreset.optional(), custom: z.string().optional() }),
  descriptionLines: z.array(descriptionLine),
  paymentOption: orderPaymentOption,
  refundQuantity: z.number().int().optional(),
  restockQuantity: z.number().int().optional(),
});
export const order = z.object({
  id,
  number: z.string(),
  createdDate: isoDate,
  updatedDate: isoDate,
  purchasedDate: isoDate.optional(),
  lineItems: z.array(orderLineItem),
  buyerInfo: z.object({
    email: z.string().optional(),
    contactId: z.string().optional(),
    visitorId: z.string().optional(),
    memberId: z.string().optional(),
  }),
  paymentStatus: orderPaymentStatus,
  fulfillmentStatus: orderFulfillmentStatus,
  status: orderStatus,
  archived: z.boolean(),
  buyerLanguage: z.string().optional(),
  siteLanguage: z.string().optional(),
  weightUnit: orderWeightUnit,
  currency: z.string(),
  taxIncludedInPrices: z.boolean(),
  priceSummary: z.object({
    subtotal: price,
    shipping: price,
    tax: price,
    discount: price,
    total: price,
    totalAdditionalFees: price,
  }),
  billingInfo: looseObject.optional(),
  shippingInfo: shippingInfoInput.loose().optional(),
  recipientInfo: looseObject.optional(),
  buyerNote: z.string().optional(),
  channelInfo: z.object({
    type: orderChannelType,
    externalOrderId: z.string().optional(),
    externalOrderUrl: z.string().optional(),
  }),
  appliedDiscounts: z.array(looseObject),
  additionalFees: z.array(looseObject),
  customFields: z.array(looseObject).optional(),
  activities: z.array(orderActivity),
  balanceSummary: z.object({ balance: price, paid: price }),
  checkoutId: z.string().optional(),
  cartId: z.string().optional(),
  tags: z.object({
    tags: z.object({ tagIds: z.array(z.string()) }),
    privateTags: z.object({ tagIds: z.array(z.string()) }),
  }),
  createdBy: z.object({
    userId: z.string().optional(),
    memberId: z.string().optional(),
    visitorId: z.string().optional(),
    appId: z.string().optional(),
  }),
  seenByAHuman: z.boolean(),
  attributionSource: z.string().optional(),
  businessLocation: looseObject.optional(),
  extendedFields: looseObject.optional(),
  purchaseFlowId: z.string().optional(),
  imported: z.boolean().optional(),
});
export type Order = z.infer<typeof order>;

export const orderResponse = z.object({ order });
export const addActivityResponse = z.object({ order, activityId: id });
export const searchOrdersResponse = z.object({ orders: z.array(order), metadata: cursorPagingMetadata });
const itemMetadata = z.object({
  id: z.string().optional(),
  originalIndex: z.number(),
  success: z.boolean(),
  error: z
    .object({ code: z.string(), description: z.string(), data: z.record(z.string(), z.unknown()) })
    .optional(),
});
const bulkActionMetadata = z.object({
  totalSuccesses: z.number(),
  totalFailures: z.number(),
  undetailedFailures: z.number(),
});
export const bulkUpdateOrdersResponse = z.object({
  results: z.array(z.object({ itemMetadata, item: order.optional() })),
  bulkActionMetadata,
});
export const bulkUpdateOrderTagsResponse = z.object({
  results: z.array(z.object({ itemMetadata })),
  bulkActionMetadata,
});

// ---- fulfillments (`/ecom/v1/fulfillments`) --------------------------------------------------------

export const fulfillmentTrackingInfo = z.object({
  trackingNumber: z.string().trim().min(1).max(100).optional(),
  shippingProvider: z.string().trim().min(1).max(100).optional(),
  trackingLink: z.url().max(2048).optional(),
});
export const fulfillmentInput = z.object({
  lineItems: z
    .array(z.object({ id, quantity: z.number().int().min(1).max(100_000).optional() }))
    .min(1)
    .max(300),
  trackingInfo: fulfillmentTrackingInfo.optional(),
  customInfo: z.object({ fieldsData: z.record(z.string(), z.string().max(1000)) }).optional(),
  status: z.enum(['Pending', 'Accepted', 'Ready', 'In_Delivery', 'Fulfilled']).optional(),
  completed: z.boolean().optional(),
});
export const createFulfillmentRequest = z.strictObject({
  orderId: id.optional(),
  fulfillment: fulfillmentInput,
});
/**
 * `PATCH /ecom/v1/fulfillments/{fulfillment.id}/orders/{orderId}` (updateFulfillment): tracking,
 * custom info, status and completion; `null` clears a field. Its line items cannot change (delete
 * the fulfillment and create another): given, they must be the stored ones.
 */
export const updateFulfillmentRequest = z.strictObject({
  orderId: z.string().max(100).optional(),
  fulfillment: z.strictObject({
    id: z.string().max(100).optional(),
    createdDate: z.string().max(40).optional(),
    lineItems: fulfillmentInput.shape.lineItems.optional(),
    trackingInfo: fulfillmentTrackingInfo.nullable().optional(),
    customInfo: fulfillmentInput.shape.customInfo.unwrap().nullable().optional(),
    status: fulfillmentInput.shape.status.unwrap().nullable().optional(),
    completed: z.boolean().nullable().optional(),
  }),
  fieldMask: z.string().max(2000).optional(),
});
export const fulfillment = z.object({
  id,
  createdDate: isoDate,
  lineItems: z.array(z.object({ id, quantity: z.number().int() })),
  trackingInfo: fulfillmentTrackingInfo.optional(),
  customInfo: z.object({ fieldsData: z.record(z.string(), z.string()) }).optional(),
  status: z.string().optional(),
  completed: z.boolean().optional(),
});
export const orderWithFulfillments = z.object({ orderId: id, fulfillments: z.array(fulfillment) });
export const createFulfillmentResponse = z.object({ orderWithFulfillments, fulfillmentId: id });
export const listFulfillmentsResponse = z.object({ orderWithFulfillments });
export const updateFulfillmentResponse = z.object({ orderWithFulfillments });
/** Orders one `bulkCreateFulfillments` call may fulfil, and fulfillments per order. */
export const BULK_FULFILLMENT_LIMITS = { orders: 100, fulfillmentsPerOrder: 10 } as const;
/**
 * `POST /ecom/v1/fulfillments/orders/bulk/create-fulfillments` (bulkCreateFulfillments): each
 * order's fulfillments are created together or not at all; one order failing does not stop the others.
 */
export const bulkCreateFulfillmentsRequest = z.strictObject({
  ordersWithFulfillments: z
    .array(
      z.strictObject({
        orderId: z.string().min(1).max(100),
        fulfillments: z.array(fulfillmentInput).min(1).max(BULK_FULFILLMENT_LIMITS.fulfillmentsPerOrder),
      }),
    )
    .min(1)
    .max(BULK_FULFILLMENT_LIMITS.orders),
});
export const bulkCreateFulfillmentsResponse = z.object({
  results: z.array(z.object({ itemMetadata, ordersWithFulfillments: orderWithFulfillments.optional() })),
  bulkActionMetadata,
});
export const deleteFulfillmentResponse = z.object({ orderWithFulfillments });
/** Orders one `list-by-ids` call may name (a page of the orders search is at most 100). */
export const MAX_FULFILLMENT_ORDER_IDS = 300;
/**
 * `POST /ecom/v1/fulfillments/list-by-ids` (orderFulfillments.listFulfillmentsForMultipleOrders).
 * An id that names no order the caller may see (or is not a GUID) matches nothing.
 */
export const listFulfillmentsForOrdersRequest = z.strictObject({
  orderIds: z.array(z.string().min(1).max(100)).max(MAX_FULFILLMENT_ORDER_IDS),
});
export const listFulfillmentsForOrdersResponse = z.object({
  ordersWithFulfillments: z.array(orderWithFulfillments),
});
/** `POST /ecom/v1/orders/link/open` (Vitrine's): the token of the link in a visitor's order e-mail. */
export const openOrderLinkRequest = z.object({ token: z.string().min(1).max(2000) });
/** The order, its fulfillments, and its payments (what was paid, and how a payment still due is made). */
export const openOrderLinkResponse = z.object({ order, orderWithFulfillments, orderTransactions });
export type OpenOrderLinkResponse = z.infer<typeof openOrderLinkResponse>;
export type Fulfillment = z.infer<typeof fulfillment>;
