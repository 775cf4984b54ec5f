/**
 * The names events and app ids carry on the wire, in one place. An event's type is its entity's
 * FQDN and a slug (`wix.ecom.v1.order_approved`, `eventType`); `wix.*` entities are the hosted
 * platform's, `vitrine.*` ones exist only here (entities the platform keeps in its dashboard).
 */
export const ENTITY_FQDN = {
  product: 'wix.stores.catalog.v3.product',
  inventoryItem: 'wix.stores.catalog.v3.inventory_item',
  category: 'wix.categories.v1.category',
  cart: 'wix.ecom.v1.cart',
  checkout: 'wix.ecom.v1.checkout',
  order: 'wix.ecom.v1.order',
  fulfillments: 'wix.ecom.v1.fulfillments',
  member: 'wix.members.v1.member',
  coupon: 'wix.marketing.v2.coupon',
  discountRule: 'wix.ecom.discounts.v1.discount_rule',
  redirectSession: 'wix.headless.v1.redirect_session',
  mediaFile: 'wix.media.site_media.v1.file_descriptor',
  mediaFolder: 'wix.media.site_media.v1.folder',
  storeSettings: 'vitrine.platform.v1.store_settings',
  shippingRegion: 'vitrine.ecom.v1.shipping_region',
  pickupLocation: 'vitrine.ecom.v1.pickup_location',
  taxRate: 'vitrine.ecom.v1.tax_rate',
  additionalFee: 'vitrine.ecom.v1.additional_fee',
  giftCard: 'vitrine.ecom.v1.gift_card',
  review: 'wix.reviews.v1.review',
  reviewRequest: 'wix.reviews.v2.review_request',
  backInStockRequest: 'wix.ecom.v1.back_in_stock_notification_request',
  abandonedCheckout: 'wix.ecom.v1.abandoned_checkout',
  /** Only its `test` event, sent to the one webhook tested. */
  webhook: 'vitrine.webhooks.v1.webhook',
} as const;

export type EntityFqdn = (typeof ENTITY_FQDN)[keyof typeof ENTITY_FQDN];

/** An event's full type: `${entityFqdn}_${slug}` (`wix.ecom.v1.cart_created`). */
export const eventType = (entityFqdn: string, slug: string) => `${entityFqdn}_${slug}`;

/** App ids: on catalog references (`catalogReference.appId`), gift card payments and system calls. */
export const APP_ID = {
  /** The stores catalog (Wix Stores' app id): every catalog line item names it. */
  stores: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
  /** Vitrine's gift cards, on an order's gift card payment. */
  giftCards: 'vitrine-gift-cards',
  /** Vitrine itself: the caller of work no request started (jobs, start-up, demo data). */
  vitrine: 'vitrine',
} as const;
