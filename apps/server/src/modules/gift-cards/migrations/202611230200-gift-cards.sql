-- Gift cards (/ecom/v1/gift-cards). code_key is the code upper-cased: codes are unique ignoring case.
create table gift_card (
  id uuid primary key,
  code text not null,
  code_key text not null unique,
  initial_value bigint not null check (initial_value > 0),
  balance bigint not null check (balance >= 0),
  currency text not null,
  expiration_at timestamptz,
  disabled boolean not null,
  revision bigint not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index gift_card_created on gift_card (created_at, id);

-- What orders took off a card; refunded_at is set when the order gives it back.
create table gift_card_redemption (
  id uuid primary key,
  gift_card_id uuid not null references gift_card (id) on delete cascade,
  order_id text not null,
  amount bigint not null check (amount > 0),
  created_at timestamptz not null,
  refunded_at timestamptz,
  unique (gift_card_id, order_id)
);
