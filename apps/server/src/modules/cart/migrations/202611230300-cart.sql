-- One current cart per visitor or member. Line items are stored as references (catalog) or
-- custom lines and priced again on every read, so they live in one JSON column.
create table cart (
  id uuid primary key,
  -- 'visitor:<id>' or 'member:<id>'
  owner_key text not null unique,
  visitor_id text,
  member_id text,
  line_items jsonb not null default '[]',
  buyer_note text,
  contact_info jsonb,
  -- {id, code} of the applied coupon
  coupon jsonb,
  -- [{amountMinor}] merchant discounts set by admin/app callers
  merchant_discounts jsonb not null default '[]',
  selected_shipping_option jsonb,
  override_checkout_url text,
  purchase_flow_id text,
  business_location_id text,
  checkout_id uuid,
  revision bigint not null default 1,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
