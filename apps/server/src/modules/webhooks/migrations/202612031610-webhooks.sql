-- Webhooks: URLs the merchant wants events POSTed to (README).
create table webhook (
  id uuid primary key,
  url text not null,
  description text not null default '',
  -- '*', '<entity fqdn>_*' or an exact event type.
  event_types text[] not null,
  status text not null check (status in ('ACTIVE', 'PAUSED')),
  created_at timestamptz not null,
  updated_at timestamptz not null
);

-- One event for one webhook: PENDING until the receiver answers 2xx (DELIVERED) or the attempts
-- run out (FAILED).
create table webhook_delivery (
  id uuid primary key,
  webhook_id uuid not null references webhook (id) on delete cascade,
  event_id uuid not null,
  event_type text not null,
  entity_id text not null,
  status text not null check (status in ('PENDING', 'DELIVERED', 'FAILED')),
  attempts int not null default 0,
  max_attempts int not null,
  next_attempt_at timestamptz,
  -- {statusCode, error, durationMs, date, responseBody} of the last attempt.
  last_attempt jsonb,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  delivered_at timestamptz,
  unique (webhook_id, event_id)
);
create index webhook_delivery_webhook on webhook_delivery (webhook_id, id desc);
create index webhook_delivery_created on webhook_delivery (created_at, id);

-- How far the fan-out has read the event outbox: (txid, event id), below every running transaction.
create table webhook_scan (
  id int primary key check (id = 1),
  txid xid8 not null,
  event_id uuid not null
);

-- The RS256 key every delivery is signed with (one row, made on first use).
create table webhook_key (
  id int primary key check (id = 1),
  public_pem text not null,
  private_pem text not null,
  created_at timestamptz not null
);
