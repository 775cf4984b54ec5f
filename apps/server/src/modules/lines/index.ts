/** The lines module's face: all that app.ts and other modules may use of it (modules/README.md). */
export {
  assertAccepted,
  isPriced,
  type Priced,
  priceLines,
  pricingConfig,
  type PricingConfig,
  type MerchantDiscount,
} from './calculate.ts';
export {
  type AddItems,
  addLines,
  checkCustomPrices,
  extraRowsFor,
  type ExtraIds,
  lookupLines,
  type LinesReadAt,
  mergeLines,
  removeLines,
  type ResolvedLine,
  resolveExtra,
  resolveStored,
  setQuantities,
  stillReadAt,
  type StoredLine,
} from './lines.ts';
export { estimateWire, ratePercentOf, relevantMessages } from './present.ts';
export {
  appliedDiscountsWire,
  calculationErrorsWire,
  cartLineItem,
  checkoutLineItem,
  GIFT_CARD_APP_ID,
  giftCardWire,
  priceSummaryWire,
  shippingInfoWire,
  unitPriceMinor,
  violationsOf,
  wireMoney,
  type WireMoney,
} from './wire.ts';
