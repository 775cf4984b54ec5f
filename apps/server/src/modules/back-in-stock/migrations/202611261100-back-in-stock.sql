-- Back-in-stock notification requests: one row a request. A request waits (RECEIVED) until its item
-- is back in stock; a notifier claims it (PROCESSING), e-mails it and ends it NOTIFICATION_SENT or
-- FAILED. One open (RECEIVED or PROCESSING) request per e-mail address and item.
create table back_in_stock_request (
  id uuid primary key,
  -- The item, resolved at create: the product and its variant ('' for the product as a whole).
  product_id uuid not null,
  variant_id text not null default '',
  -- The catalog reference as the caller named it ({catalogItemId, appId, options?}), echoed on the wire.
  catalog_reference jsonb not null,
  -- Lower-cased.
  email text not null,
  contact_id text,
  -- Who made it (a shopper reads and deletes only their own).
  member_id text,
  visitor_id text,
  item_url text,
  -- {name?, price?, imageUrl?} given at create, for the e-mail (the catalog's values fill the gaps).
  item_details jsonb not null default '{}',
  status text not null check (status in ('RECEIVED', 'PROCESSING', 'NOTIFICATION_SENT', 'FAILED')),
  auto_notified boolean not null default false,
  failure_reason text,
  -- The notifier run holding a PROCESSING request, and since when (a crashed run's claim goes stale).
  claim_id uuid,
  claimed_at timestamptz,
  notified_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
-- One open request per e-mail and item: a repeat (also a concurrent one) answers the open request.
create unique index back_in_stock_request_open on back_in_stock_request (email, product_id, variant_id)
  where status in ('RECEIVED', 'PROCESSING');
-- An item's waiting requests, oldest first: what a restock notifies and what the counts count.
create index back_in_stock_request_waiting on back_in_stock_request (product_id, variant_id, created_at, id)
  where status in ('RECEIVED', 'PROCESSING');
create index back_in_stock_request_created on back_in_stock_request (created_at desc, id desc);
create index back_in_stock_request_email on back_in_stock_request (email);
-- Rate limits count a shopper's recent requests.
create index back_in_stock_request_member on back_in_stock_request (member_id, created_at) where member_id is not null;
create index back_in_stock_request_visitor on back_in_stock_request (visitor_id, created_at) where visitor_id is not null;

-- One automatic notifier chain per restocked item: the chain holds its item until `held_until`
-- (renewed each batch); a chain that died lets go when that passes.
create table back_in_stock_run (
  product_id uuid not null,
  variant_id text not null,
  held_until timestamptz not null,
  primary key (product_id, variant_id)
);

-- The HMAC key of the e-mails' unsubscribe links (made at first use, shared by every process).
create table back_in_stock_key (
  id int primary key check (id = 1),
  secret text not null
);
