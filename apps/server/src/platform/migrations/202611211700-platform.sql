-- Instance-wide values created at first start (instance id, signing keys, default OAuth client id).
create table instance_setting (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);

-- Admin/app API keys; only a SHA-256 of the key is kept.
create table api_key (
  id uuid primary key,
  name text not null,
  key_hash text not null unique,
  created_at timestamptz not null,
  last_used_at timestamptz,
  revoked_at timestamptz
);

-- The events outbox: written in the same transaction as the change it describes.
create table event (
  id uuid primary key,
  event_type text not null,
  entity_fqdn text not null,
  slug text not null,
  entity_id text not null,
  entity_event_sequence bigint not null,
  body jsonb not null,
  identity jsonb not null,
  originated_from text,
  created_at timestamptz not null
);
create index event_entity on event (entity_fqdn, entity_id, entity_event_sequence);
create index event_type_created on event (event_type, created_at);

-- Background jobs, claimed with FOR UPDATE SKIP LOCKED.
create table job (
  id uuid primary key,
  name text not null,
  payload jsonb not null,
  status text not null check (status in ('PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED')),
  attempts int not null default 0,
  max_attempts int not null,
  run_at timestamptz not null,
  locked_until timestamptz,
  last_error text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  finished_at timestamptz
);
create index job_due on job (run_at) where status = 'PENDING';
create index job_stale on job (locked_until) where status = 'RUNNING';
create index job_created on job (created_at, id);

-- Outgoing mail: queued in the caller's transaction, sent by a job (or kept when no SMTP is set).
create table mail_message (
  id uuid primary key,
  to_address text not null,
  from_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  status text not null check (status in ('QUEUED', 'SENT', 'STORED', 'FAILED')),
  last_error text,
  created_at timestamptz not null,
  sent_at timestamptz
);
create index mail_message_created on mail_message (created_at, id);
