import type { HostedCheckoutSession } from '@vitrine/contract';
import { createHttpClient } from '@vitrine/sdk';

/** The slice of the REST checkout (contract cart-checkout.md §3) the page shows. */
export interface Money {
  amount: string;
  formattedAmount?: string;
}
export interface Address {
  country?: string;
  subdivision?: string;
  city?: string;
  postalCode?: string;
  addressLine?: string;
  addressLine2?: string;
  streetAddress?: { number?: string; name?: string };
}
export interface ContactDetails {
  firstName?: string;
  lastName?: string;
  phone?: string;
}
export interface DescriptionLine {
  name?: { original?: string; translated?: string };
  plainText?: { original?: string; translated?: string };
  colorInfo?: { original?: string; translated?: string };
}
export interface ShippingOption {
  code: string;
  title: string;
  logistics?: {
    deliveryTime?: string;
    instructions?: string;
    pickupDetails?: { address?: Address; pickupMethod?: string };
  };
  cost?: { price?: Money };
}
export interface CheckoutLine {
  id: string;
  quantity: number;
  productName?: { original?: string; translated?: string };
  media?: { url?: string };
  descriptionLines?: DescriptionLine[];
  price?: Money;
  lineItemPrice?: Money;
  availability?: { status?: string; quantityAvailable?: number };
  itemType?: { preset?: string };
  physicalProperties?: { shippable?: boolean };
}
export interface PriceSummary {
  subtotal?: Money;
  shipping?: Money;
  tax?: Money;
  discount?: Money;
  total?: Money;
  additionalFees?: Money;
}
export interface Checkout {
  id: string;
  completed: boolean;
  lineItems: CheckoutLine[];
  buyerInfo?: { email?: string };
  shippingInfo?: {
    shippingDestination?: { address?: Address; contactDetails?: ContactDetails };
    selectedCarrierServiceOption?: ShippingOption & { carrierId?: string };
    carrierServiceOptions?: { carrierId: string; shippingOptions: ShippingOption[] }[];
  };
  priceSummary?: PriceSummary;
  payNow?: { total?: Money };
  appliedDiscounts?: {
    coupon?: { code?: string; name?: string; amount?: Money };
    discountRule?: { name?: { original?: string }; amount?: Money };
  }[];
  giftCard?: { obfuscatedCode?: string; amount?: Money };
  violations?: { severity: string; description: string; target?: { lineItem?: { id?: string } } }[];
  calculationErrors?: Record<string, unknown>;
}
export interface OrderLine {
  id: string;
  productName?: { original?: string; translated?: string };
  quantity: number;
  image?: { url?: string };
  descriptionLines?: DescriptionLine[];
  price?: Money;
  lineItemPrice?: Money;
}
export interface Order {
  id: string;
  number: string;
  currency?: string;
  lineItems: OrderLine[];
  buyerInfo?: { email?: string };
  priceSummary?: PriceSummary;
  paymentStatus?: string;
  shippingInfo?: {
    title?: string;
    logistics?: { pickupDetails?: { address?: Address & { addressLine1?: string } } };
  };
}
/** The order's payments as its buyer sees them (`orderTransactions.payments[]`). */
export interface OrderPayment {
  id: string;
  amount: Money;
  giftcardPaymentDetails?: { obfuscatedCode?: string };
}
/** What a signed-in member's contact pre-fills (contract members.md, fieldset FULL). */
export interface MemberContact {
  loginEmail?: string;
  contact?: { firstName?: string; lastName?: string; phones?: string[] };
}
export interface Card {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  holderName: string;
}
export interface CheckoutUpdate {
  checkout?: {
    buyerInfo?: { email?: string };
    shippingInfo?: {
      shippingDestination?: { address?: Address; contactDetails?: ContactDetails };
      selectedCarrierServiceOption?: { code: string };
    };
  };
  fieldMask?: string;
  couponCode?: string;
  giftCardCode?: string;
}

/**
 * The page's access token: in memory only, for this page view (see modules/hosted-checkout/README.md).
 * Shortly before it expires, `renew` asks for another (with the browser's checkout cookie).
 */
let access: { token: string; expiresAt: number; renew: () => Promise<unknown> } | undefined;
export function setAccessToken(
  token: string | undefined,
  expiresIn = 0,
  renew: () => Promise<unknown> = async () => {},
) {
  access = token ? { token, expiresAt: Date.now() + expiresIn * 1000, renew } : undefined;
}
export const hasAccessToken = () => access !== undefined;

async function authHeaders(): Promise<Record<string, string>> {
  if (access && access.expiresAt - Date.now() < 60_000) await access.renew().catch(() => undefined);
  return access ? { Authorization: access.token } : {};
}

const http = createHttpClient({ baseUrl: window.location.origin, getAuthHeaders: authHeaders });
/** The session call carries no token: the link's token or the checkout cookie is the credential. */
const sessionHttp = createHttpClient({ baseUrl: window.location.origin });
const K = '/ecom/v1/checkouts';

export const checkoutApi = {
  /** With the link's token, or (token undefined) reopening the checkout this browser opened. */
  openSession: (checkoutToken: string | undefined, checkoutId: string | undefined) =>
    sessionHttp.request<HostedCheckoutSession>({
      method: 'POST',
      path: '/_api/hosted-checkout/v1/session',
      body: { ...(checkoutToken ? { checkoutToken } : {}), ...(checkoutId ? { checkoutId } : {}) },
    }),
  get: async (id: string) =>
    (await http.request<{ checkout: Checkout }>({ method: 'GET', path: `${K}/{id}`, query: { id } }))
      .checkout,
  update: async (id: string, body: CheckoutUpdate) =>
    (
      await http.request<{ checkout: Checkout }>({
        method: 'PATCH',
        path: `${K}/{id}`,
        pathParams: { id },
        body,
      })
    ).checkout,
  removeCoupon: async (id: string) =>
    (
      await http.request<{ checkout: Checkout }>({
        method: 'POST',
        path: `${K}/{id}/remove-coupon`,
        body: { id },
      })
    ).checkout,
  removeGiftCard: async (id: string) =>
    (
      await http.request<{ checkout: Checkout }>({
        method: 'POST',
        path: `${K}/{id}/remove-gift-card`,
        body: { id },
      })
    ).checkout,
  createOrder: (id: string) =>
    http.request<{ orderId: string; paymentGatewayOrderId?: string }>({
      method: 'POST',
      path: `${K}/{id}/create-order`,
      body: { id },
    }),
  pay: (paymentGatewayOrderId: string, card: Card) =>
    http.request<{ orderId: string; status: string }>({
      method: 'POST',
      path: '/payments/v1/test-gateway/pay',
      body: { paymentGatewayOrderId, card },
    }),
  me: async () =>
    (
      await http.request<{ member: MemberContact }>({
        method: 'GET',
        path: '/members/v1/members/my',
        query: { fieldsets: 'FULL' },
      })
    ).member,
  order: async (id: string) =>
    (await http.request<{ order: Order }>({ method: 'GET', path: '/ecom/v1/orders/{id}', query: { id } }))
      .order,
  payments: async (orderId: string) =>
    (
      await http.request<{ orderTransactions: { payments: OrderPayment[] } }>({
        method: 'GET',
        path: '/ecom/v1/payments-collector/orders/{ecomOrderId}/transactions',
        pathParams: { ecomOrderId: orderId },
      })
    ).orderTransactions.payments,
};
