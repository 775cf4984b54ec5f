-- Idempotency-Key answers (platform/http/idempotency.ts): one row per caller and key, kept 24 hours.
create table idempotency_key (
  caller text not null,
  key text not null,
  -- sha256 of method, path and canonical JSON body: the same key with another request is refused.
  request_hash text not null,
  state text not null check (state in ('IN_FLIGHT', 'DONE')),
  status_code int,
  response_body text,
  -- An IN_FLIGHT claim whose process died is taken over after this.
  locked_until timestamptz not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  primary key (caller, key)
);
create index idempotency_key_expires on idempotency_key (expires_at);
