/**
 * The wire shapes the React layer reads (contract catalog.md §6, cart-checkout.md,
 * orders-payments.md, members.md): only the fields a storefront shows, all optional where the
 * server may leave them out. Requests are sent exactly as the contract shows them.
 */

export interface Money {
  amount: string;
  formattedAmount: string;
}
export interface Image {
  id?: string;
  url: string;
  width?: number;
  height?: number;
  altText?: string | null;
}
export interface MediaItem {
  id?: string;
  url?: string;
  image?: Image;
  mediaType?: string;
  altText?: string | null;
  displayName?: string;
}

export interface Category {
  id: string;
  name: string;
  slug: string;
  description?: string;
  itemCounter?: number;
  image?: Image;
  visible?: boolean;
}

export interface OptionChoice {
  choiceId: string;
  key?: string;
  name: string;
  choiceType?: string;
  colorCode?: string;
  inStock?: boolean;
  visible?: boolean;
}
export interface ProductOption {
  id: string;
  name: string;
  optionRenderType?: 'TEXT_CHOICES' | 'SWATCH_CHOICES' | string;
  choicesSettings?: { choices: OptionChoice[] };
}
export interface VariantChoice {
  optionChoiceIds: { optionId: string; choiceId: string };
  optionChoiceNames?: { optionName: string; choiceName: string };
}
export interface Variant {
  id: string;
  visible?: boolean;
  sku?: string;
  choices: VariantChoice[];
  price?: { actualPrice?: Money; compareAtPrice?: Money };
  inventoryStatus?: { inStock?: boolean; preorderEnabled?: boolean };
}
export type AvailabilityStatus = 'IN_STOCK' | 'OUT_OF_STOCK' | 'PARTIALLY_OUT_OF_STOCK';

export interface Product {
  id: string;
  name: string;
  slug: string;
  url?: string;
  plainDescription?: string;
  visible?: boolean;
  productType?: string;
  currency?: string;
  brand?: { name?: string };
  ribbon?: { name?: string };
  media?: { main?: MediaItem; itemsInfo?: { items: MediaItem[] } };
  options?: ProductOption[];
  actualPriceRange?: { minValue?: Money; maxValue?: Money };
  compareAtPriceRange?: { minValue?: Money; maxValue?: Money };
  inventory?: { availabilityStatus?: AvailabilityStatus };
  variantsInfo?: { variants: Variant[] };
  mainCategoryId?: string;
  updatedDate?: string;
}

export interface CursorPagingMetadata {
  count?: number;
  cursors?: { next?: string | null; prev?: string | null };
  hasNext?: boolean;
}

export interface CatalogReference {
  catalogItemId: string;
  appId: string;
  options?: Record<string, unknown>;
}
export interface LineItem {
  id: string;
  quantity: number;
  catalogReference?: CatalogReference;
  productName?: { original?: string; translated?: string };
  url?: { relativePath?: string; url?: string };
  price?: Money;
  fullPrice?: Money;
  lineItemPrice?: Money;
  image?: Image;
  descriptionLines?: {
    name?: { original?: string };
    plainText?: { original?: string };
    colorInfo?: { original?: string; code?: string };
  }[];
  availability?: {
    status?: 'AVAILABLE' | 'NOT_FOUND' | 'NOT_AVAILABLE' | 'PARTIALLY_AVAILABLE';
    quantityAvailable?: number;
  };
}
export interface Cart {
  id: string;
  lineItems: LineItem[];
  currency?: string;
  appliedDiscounts?: {
    coupon?: { id?: string; code?: string; name?: string; amount?: Money };
    discountType?: string;
  }[];
  subtotal?: Money;
  buyerInfo?: { visitorId?: string; memberId?: string };
}
export interface PriceSummary {
  subtotal?: Money;
  shipping?: Money;
  tax?: Money;
  discount?: Money;
  total?: Money;
}
export interface EstimateTotals {
  priceSummary?: PriceSummary;
  shippingInfo?: {
    selectedCarrierServiceOption?: { code?: string; title?: string; cost?: { price?: Money } };
  };
  calculationErrors?: {
    generalShippingCalculationError?: { applicationError?: { code?: string; description?: string } };
  };
  appliedDiscounts?: unknown[];
}

export interface ShippingDestinations {
  destinations: { country: string; subdivisions: string[] }[];
  pickupAvailable: boolean;
}

export interface OrderLineItem {
  id: string;
  productName?: { original?: string };
  quantity: number;
  price?: Money;
  totalPriceAfterTax?: Money;
  image?: Image;
  descriptionLines?: LineItem['descriptionLines'];
}
export interface Order {
  id: string;
  number: string;
  currency?: string;
  createdDate?: string;
  status?: string;
  paymentStatus?: string;
  fulfillmentStatus?: string;
  lineItems: OrderLineItem[];
  priceSummary?: PriceSummary;
  buyerInfo?: { email?: string };
  shippingInfo?: {
    title?: string;
    logistics?: {
      shippingDestination?: { address?: Record<string, string | undefined> };
      pickupDetails?: { address?: Record<string, string | undefined>; pickupMethod?: string };
      instructions?: string;
    };
  };
}

/** One payment of an order as its buyer sees it (`orderTransactions.payments[]`). */
export interface OrderPayment {
  id: string;
  amount: Money;
  giftcardPaymentDetails?: { obfuscatedCode?: string };
  regularPaymentDetails?: {
    status?: string;
    offlinePayment?: boolean;
    paymentMethod?: string;
    creditCardDetails?: { lastFourDigits?: string; brand?: string };
  };
}
export interface OrderTransactions {
  orderId: string;
  payments: OrderPayment[];
  refunds: { id: string; summary?: { refunded?: Money } }[];
}

export interface MemberAddress {
  id?: string;
  addressLine?: string;
  addressLine2?: string;
  city?: string;
  subdivision?: string;
  country?: string;
  postalCode?: string;
}
export interface Member {
  id: string;
  loginEmail?: string;
  loginEmailVerified?: boolean;
  status?: string;
  contact?: { firstName?: string; lastName?: string; phones?: string[]; addresses?: MemberAddress[] };
  profile?: { nickname?: string; slug?: string };
}
