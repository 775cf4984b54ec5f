-- The HMAC key that signs checkout links (`checkoutToken`): one row, made at first use.
create table hosted_checkout_secret (
  id smallint primary key check (id = 1),
  secret text not null,
  created_at timestamptz not null
);

-- Checkout links already exchanged (single use); rows are dropped once the link has expired anyway.
create table hosted_checkout_token_use (
  jti uuid primary key,
  checkout_id text not null,
  used_at timestamptz not null,
  expires_at timestamptz not null
);
create index hosted_checkout_token_use_expires on hosted_checkout_token_use (expires_at);
