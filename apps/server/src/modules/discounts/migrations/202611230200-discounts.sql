-- Automatic discount rules (/ecom/v1/discount-rules): one discount per rule, no trigger (always applies).
create table discount_rule (
  id uuid primary key,
  name text not null,
  active boolean not null,
  start_at timestamptz,
  end_at timestamptz,
  target_type text not null check (target_type in ('GLOBAL', 'SPECIFIC_ITEMS', 'SHIPPING')),
  -- The wire scopes of SPECIFIC_ITEMS: [{id, type, catalogItemFilter {catalogAppId, catalogItemIds}}]
  scopes jsonb not null default '[]',
  discount_type text not null check (discount_type in ('PERCENTAGE', 'FIXED_AMOUNT', 'FIXED_PRICE')),
  -- PERCENTAGE: percentage; FIXED_AMOUNT / FIXED_PRICE: amount in minor units.
  percentage numeric(7, 4) check (percentage >= 0 and percentage <= 100),
  amount bigint check (amount >= 0),
  usage_count bigint not null default 0,
  revision bigint not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check ((discount_type = 'PERCENTAGE') = (percentage is not null)),
  check ((discount_type = 'PERCENTAGE') = (amount is null))
);
create index discount_rule_created on discount_rule (created_at, id);

-- Coupons (/stores/v2/coupons). code_key is the code upper-cased: codes are unique ignoring case.
create table coupon (
  id uuid primary key,
  name text not null,
  code text not null,
  code_key text not null unique,
  active boolean not null,
  start_at timestamptz not null,
  expiration_at timestamptz,
  usage_limit integer check (usage_limit > 0),
  limit_per_customer integer check (limit_per_customer > 0),
  minimum_subtotal bigint check (minimum_subtotal >= 0),
  -- {namespace, group?: {name, entityId?}}; absent for free shipping
  scope jsonb,
  kind text not null check (kind in ('MONEY_OFF_AMOUNT', 'PERCENT_OFF_RATE', 'FIXED_PRICE_AMOUNT', 'FREE_SHIPPING')),
  percent_off numeric(7, 4) check (percent_off > 0 and percent_off <= 100),
  amount bigint check (amount >= 0),
  -- Redemptions recorded so far (coupon_redemption rows), kept beside the limit for one-row checks.
  times_used integer not null default 0 check (times_used >= 0),
  revision bigint not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index coupon_created on coupon (created_at, id);

create table coupon_redemption (
  id uuid primary key,
  coupon_id uuid not null references coupon (id) on delete cascade,
  -- member:<memberId> or email:<lower-cased e-mail>
  customer_key text not null,
  order_id text not null,
  created_at timestamptz not null,
  unique (coupon_id, order_id)
);
create index coupon_redemption_customer on coupon_redemption (coupon_id, customer_key);
