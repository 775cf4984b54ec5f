-- Payments: gateway orders (what the buyer pays), payments (approved/authorized transactions), refunds.
-- order_id refers to the orders module's order (no foreign key across modules).
create table payment_gateway_order (
  id text primary key,
  order_id uuid not null,
  amount bigint not null check (amount > 0),
  currency text not null,
  delayed_capture boolean not null,
  -- {scheduledAction, delayDuration {count, unit}} or null
  delayed_capture_settings jsonb,
  status text not null check (status in ('OPEN', 'PAID')),
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index payment_gateway_order_order on payment_gateway_order (order_id, created_at);

create table payment (
  id uuid primary key,
  order_id uuid not null,
  gateway_order_id text,
  amount bigint not null check (amount >= 0),
  currency text not null,
  status text not null,
  payment_method text not null,
  offline boolean not null,
  card_last4 text,
  card_brand text,
  gateway_transaction_id text,
  delayed_capture boolean not null default false,
  authorized_at timestamptz,
  -- Sum of succeeded captures (authorizations) and of succeeded refunds, kept beside the row lock.
  captured_amount bigint not null default 0 check (captured_amount >= 0 and captured_amount <= amount),
  refunded_amount bigint not null default 0 check (refunded_amount >= 0),
  -- [{id, amount, createdAt}]
  captures jsonb not null default '[]',
  -- {voidedAt, reason MANUAL|SCHEDULED} or null
  void jsonb,
  -- {actionType, executionDate, jobId} or null
  scheduled_action jsonb,
  refund_disabled boolean not null default false,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index payment_order on payment (order_id, created_at);
-- At most one payment per gateway order: a second pay attempt on a paid gateway order is refused.
create unique index payment_gateway_order_once on payment (gateway_order_id) where gateway_order_id is not null;

create table payment_refund (
  id uuid primary key,
  order_id uuid not null,
  -- [{paymentId, amount, gatewayRefundId, externalRefund, status}]
  transactions jsonb not null,
  amount bigint not null check (amount > 0),
  currency text not null,
  reason text,
  shipping_included boolean not null default false,
  created_at timestamptz not null
);
create index payment_refund_order on payment_refund (order_id, created_at);
