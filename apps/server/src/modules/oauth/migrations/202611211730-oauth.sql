-- Access-token signing keys (Ed25519). One active key; older ones stay listed in the JWKS.
create table oauth_signing_key (
  kid text primary key,
  alg text not null,
  public_jwk jsonb not null,
  private_jwk jsonb not null,
  active boolean not null,
  created_at timestamptz not null
);
-- At most one active key: two processes starting together insert with `on conflict do nothing`.
create unique index oauth_signing_key_one_active on oauth_signing_key (active) where active;

-- OAuth clients: the bundled storefront and any front end the merchant registers.
create table oauth_client (
  id text primary key,
  name text not null,
  redirect_uris text[] not null,
  allowed_origins text[] not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index oauth_client_created on oauth_client (created_at, id);

-- A signed-in browser (the HttpOnly cookie of the authorize page); only a SHA-256 of the cookie is kept.
create table oauth_browser_session (
  id uuid primary key,
  token_hash text not null unique,
  member_id uuid not null,
  visitor_id uuid,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index oauth_browser_session_member on oauth_browser_session (member_id) where revoked_at is null;

-- Authorization codes (single use, short-lived); only a SHA-256 of the code is kept.
create table oauth_code (
  id uuid primary key,
  code_hash text not null unique,
  client_id text not null,
  redirect_uri text,
  code_challenge text not null,
  member_id uuid not null,
  visitor_id uuid,
  browser_session_id uuid,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index oauth_code_expires on oauth_code (expires_at);

-- Refresh tokens (opaque); only a SHA-256 of the token is kept.
create table oauth_refresh_token (
  id uuid primary key,
  token_hash text not null unique,
  client_id text not null,
  role text not null check (role in ('visitor', 'member')),
  subject_id uuid not null,
  visitor_id uuid,
  code_id uuid,
  browser_session_id uuid,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index oauth_refresh_token_subject on oauth_refresh_token (subject_id) where revoked_at is null;
create index oauth_refresh_token_code on oauth_refresh_token (code_id) where code_id is not null;
create index oauth_refresh_token_browser_session on oauth_refresh_token (browser_session_id) where browser_session_id is not null;
