import type { PlatformTables } from './platform/db/tables.ts';
import type { IdempotencyTables } from './platform/http/idempotency.ts';
import type { SettingsTables } from './modules/settings/index.ts';
import type { OAuthTables } from './modules/oauth/index.ts';
import type { IdentityTables } from './modules/identity/index.ts';
import type { MembersTables } from './modules/members/index.ts';
import type { CatalogTables } from './modules/catalog/index.ts';
import type { CartTables } from './modules/cart/index.ts';
import type { CheckoutTables } from './modules/checkout/index.ts';
import type { OrdersTables } from './modules/orders/index.ts';
import type { PaymentsTables } from './modules/payments/index.ts';
import type { DiscountsTables } from './modules/discounts/index.ts';
import type { GiftCardsTables } from './modules/gift-cards/index.ts';
import type { ShippingTables } from './modules/shipping/index.ts';
import type { TaxTables } from './modules/tax/index.ts';
import type { HostedCheckoutTables } from './modules/hosted-checkout/index.ts';
import type { MediaTables } from './modules/media/index.ts';
import type { ReviewsTables } from './modules/reviews/index.ts';
import type { StaffTables } from './modules/staff/index.ts';
import type { BackInStockTables } from './modules/back-in-stock/index.ts';
import type { RecommendationsTables } from './modules/recommendations/index.ts';
import type { AbandonedCheckoutTables } from './modules/abandoned-checkouts/index.ts';
import type { WebhookTables } from './modules/webhooks/index.ts';

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
    MediaTables,
    ReviewsTables,
    StaffTables,
    BackInStockTables,
    RecommendationsTables,
    AbandonedCheckoutTables,
    WebhookTables {}
