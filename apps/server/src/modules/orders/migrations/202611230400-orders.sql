-- Orders: the order (real columns for what search filters and sorts on, JSONB for the nested wire
-- parts), its activities, its fulfillments, and the counter that hands out human order numbers.
create table ecom_order (
  id uuid primary key,
  number bigint not null unique,
  status text not null check (status in ('INITIALIZED', 'APPROVED', 'CANCELED', 'PENDING', 'REJECTED')),
  payment_status text not null,
  fulfillment_status text not null check (fulfillment_status in ('NOT_FULFILLED', 'FULFILLED', 'PARTIALLY_FULFILLED')),
  buyer_email text, -- lower-cased, for search
  member_id text,
  visitor_id text,
  contact_id text,
  checkout_id text,
  cart_id text,
  channel_type text not null,
  currency text not null,
  subtotal_minor bigint not null,
  total_minor bigint not null,
  tags text[] not null default '{}',
  private_tags text[] not null default '{}',
  archived boolean not null default false,
  seen_by_a_human boolean not null default false,
  -- The rest of the wire order (line items with price snapshots, price summary, addresses…);
  -- money inside it is held as {"$minor": n} and written as Price objects on the way out.
  data jsonb not null,
  revision bigint not null default 1,
  purchased_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create unique index ecom_order_checkout on ecom_order (checkout_id) where checkout_id is not null;
create index ecom_order_created on ecom_order (created_at, id);
create index ecom_order_status_created on ecom_order (status, created_at);
create index ecom_order_buyer_email on ecom_order (buyer_email);
create index ecom_order_member on ecom_order (member_id) where member_id is not null;
create index ecom_order_visitor on ecom_order (visitor_id) where visitor_id is not null;
create index ecom_order_tags on ecom_order using gin (tags);

create table ecom_order_activity (
  id uuid primary key,
  order_id uuid not null references ecom_order (id) on delete cascade,
  type text not null,
  author_email text,
  -- merchantComment / customActivity content, or a description
  content jsonb,
  created_at timestamptz not null
);
create index ecom_order_activity_order on ecom_order_activity (order_id, created_at);

create table ecom_order_fulfillment (
  id uuid primary key,
  order_id uuid not null references ecom_order (id) on delete cascade,
  -- [{id, quantity}]
  line_items jsonb not null,
  tracking_number text,
  shipping_provider text,
  tracking_link text,
  custom_info jsonb,
  status text,
  completed boolean,
  created_at timestamptz not null
);
create index ecom_order_fulfillment_order on ecom_order_fulfillment (order_id, created_at);

-- One row; `last_number` is raised inside the inserting transaction (its row lock orders concurrent
-- inserts), so numbers are sequential and never handed out twice. The first order gets 10001.
create table ecom_order_counter (
  id int primary key check (id = 1),
  last_number bigint not null
);
insert into ecom_order_counter (id, last_number) values (1, 10000);
