/** The pricing module's face: all that app.ts and other modules may use of it (modules/README.md). */
export { ruleStatus } from './discounts.ts';
export { calculate } from './totals.ts';
export { namesCollections, type ItemSelection } from './selection.ts';
export {
  type AdditionalFeeDef,
  type Address,
  type AppliedDiscount,
  type Bracket,
  type CouponDefinition,
  type Destination,
  type DiscountRule,
  type DiscountSpec,
  type DiscountTrigger,
  type GiftCardInput,
  type LineInput,
  type PickupOptionDef,
  type PricingInput,
  type PricingMessage,
  type PricingOutput,
  type ShippingOptionDef,
  type ShippingOptionOutput,
  type ShippingRegion,
  type ShippingRule,
  type StoreSettings,
  type TaxRate,
} from './types.ts';
