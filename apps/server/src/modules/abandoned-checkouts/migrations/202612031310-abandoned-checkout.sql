-- Abandoned checkouts: one row per checkout a shopper with an e-mail left unchanged for an hour, as
-- it was then (the wire snapshot), ABANDONED until the checkout becomes an order (RECOVERED).
create table abandoned_checkout (
  id uuid primary key,
  checkout_id uuid not null unique,
  cart_id uuid,
  status text not null check (status in ('ABANDONED', 'RECOVERED')),
  -- Lower-cased; with the names, what search matches.
  email text not null,
  first_name text,
  last_name text,
  currency text not null,
  total numeric not null,
  -- The checkout's last change when it was found: where the next search for left checkouts starts.
  checkout_updated_at timestamptz not null,
  -- {buyerInfo, contactDetails, buyerLanguage, subtotalPrice, totalPrice, lineItems, appliedDiscounts, conversionCurrency}
  snapshot jsonb not null,
  -- [{createdDate, type}], oldest first.
  activities jsonb not null default '[]',
  recovered_at timestamptz,
  order_id uuid,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index abandoned_checkout_created on abandoned_checkout (created_at);
create index abandoned_checkout_left on abandoned_checkout (checkout_updated_at);
create index abandoned_checkout_open on abandoned_checkout (created_at) where status = 'ABANDONED';

-- The key that signs recovery links (one row).
create table abandoned_checkout_key (
  id int primary key check (id = 1),
  secret text not null
);
