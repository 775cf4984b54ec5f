import type { PlatformTables } from './platform/db/tables.ts';
import type { IdempotencyTables } from './platform/http/idempotency.ts';
import type { SettingsTables } from './modules/settings/store.ts';
import type { OAuthTables } from './modules/oauth/store.ts';
import type { IdentityTables } from './modules/identity/store.ts';
import type { MembersTables } from './modules/members/store.ts';
import type { CatalogTables } from './modules/catalog/store.ts';
import type { CartTables } from './modules/cart/store.ts';
import type { CheckoutTables } from './modules/checkout/store.ts';
import type { OrdersTables } from './modules/orders/store.ts';
import type { PaymentsTables } from './modules/payments/store.ts';
import type { DiscountsTables } from './modules/discounts/store.ts';
import type { GiftCardsTables } from './modules/gift-cards/store.ts';
import type { ShippingTables } from './modules/shipping/store.ts';
import type { TaxTables } from './modules/tax/store.ts';
import type { HostedCheckoutTables } from './modules/hosted-checkout/store.ts';
import type { MediaTables } from './modules/media/index.ts';

/** Every table, for Kysely's types: the platform's and each module's. */
export interface Database
  extends
    PlatformTables,
    IdempotencyTables,
    SettingsTables,
    OAuthTables,
    IdentityTables,
    MembersTables,
    CatalogTables,
    DiscountsTables,
    GiftCardsTables,
    ShippingTables,
    TaxTables,
    CartTables,
    CheckoutTables,
    OrdersTables,
    PaymentsTables,
    HostedCheckoutTables,
    MediaTables {}
