create table checkout (
  id uuid primary key,
  cart_id uuid,
  -- 'visitor:<id>' or 'member:<id>' of the buyer; null when an app created it for nobody in particular
  owner_key text,
  created_by jsonb not null,
  buyer jsonb not null default '{}',
  line_items jsonb not null default '[]',
  billing_info jsonb,
  shipping_destination jsonb,
  selected_shipping jsonb,
  buyer_note text,
  coupon jsonb,
  gift_card jsonb,
  merchant_discounts jsonb not null default '[]',
  override_checkout_url text,
  channel_type text not null,
  custom_fields jsonb not null default '[]',
  purchase_flow_id text,
  business_location_id text,
  completed boolean not null default false,
  order_id uuid,
  payment_gateway_order_id text,
  revision bigint not null default 1,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index checkout_cart on checkout (cart_id, created_at);
create index checkout_owner on checkout (owner_key, created_at);
