-- Sign-in identities. One live identity per (lower-cased) e-mail address; a DELETED one frees it.
create table identity (
  id uuid primary key,
  email text not null,
  email_verified boolean not null,
  password_hash text,
  password_reset_required boolean not null default false,
  status text not null check (status in ('PENDING', 'ACTIVE', 'BLOCKED', 'DELETED', 'OFFLINE')),
  reasons jsonb not null default '[]',
  profile jsonb not null default '{}',
  revision bigint not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create unique index identity_email on identity (email) where status <> 'DELETED';
create index identity_created on identity (created_at, id);

-- Authentication factors. TOTP keeps its secret (needed to check codes) and the last time step
-- used, so a code is accepted once.
create table identity_factor (
  id uuid primary key,
  identity_id uuid not null references identity (id) on delete cascade,
  type text not null check (type in ('PASSWORD', 'EMAIL', 'TOTP')),
  status text not null check (status in ('INACTIVE', 'ACTIVE', 'REQUIRE_REENROLL')),
  secret text,
  last_used_step bigint,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create unique index identity_factor_type on identity_factor (identity_id, type);

-- Single-use TOTP recovery codes; only a SHA-256 is kept.
create table identity_recovery_code (
  identity_id uuid not null references identity (id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  created_at timestamptz not null,
  primary key (identity_id, code_hash)
);

-- Pending steps: e-mail verification and second-factor steps (by state token, with a 6-digit
-- code for e-mail), password recovery and activation links (by token). Only SHA-256s are kept.
create table identity_challenge (
  id uuid primary key,
  identity_id uuid not null references identity (id) on delete cascade,
  kind text not null check (kind in ('EMAIL_VERIFICATION', 'MFA', 'RECOVERY', 'ACTIVATION')),
  token_hash text not null unique,
  code_hash text,
  code_expires_at timestamptz,
  attempts int not null default 0,
  sends int not null default 0,
  mfa_done boolean not null default true,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null
);
create index identity_challenge_identity on identity_challenge (identity_id, kind) where used_at is null;

-- Session tokens: proof of a finished sign-in, exchanged once (within minutes) for OAuth tokens.
create table identity_session_token (
  token_hash text primary key,
  identity_id uuid not null references identity (id) on delete cascade,
  -- The anonymous visitor who signed in, passed on to the OAuth server (their cart becomes the member's).
  visitor_id uuid,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null
);
create index identity_session_token_expires on identity_session_token (expires_at);

-- Failed sign-in attempts per key (`account:<email>`, `ip:<address>`), kept for an hour.
create table auth_failure (
  id bigint generated always as identity primary key,
  key text not null,
  created_at timestamptz not null
);
create index auth_failure_key on auth_failure (key, created_at);

-- Accounts locked after too many failures.
create table auth_lock (
  key text primary key,
  locked_until timestamptz not null
);

-- ALTCHA: the HMAC key (made at first use) and the challenges already redeemed (replay protection).
create table captcha_key (
  id smallint primary key check (id = 1),
  hmac_key text not null,
  created_at timestamptz not null
);
create table captcha_use (
  nonce text primary key,
  expires_at timestamptz not null
);
create index captcha_use_expires on captcha_use (expires_at);
