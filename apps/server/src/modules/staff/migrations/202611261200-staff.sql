-- Staff accounts of the merchant dashboard (README): people, their sessions, the one-time tokens
-- that make or invite them, the TOTP enrolments waiting for a first code, and the actions log.
-- Every token is kept as its SHA-256 only.
create table staff_user (
  id uuid primary key,
  -- Lower-cased and trimmed.
  email text not null,
  name text not null,
  role text not null check (role in ('OWNER', 'CONTRIBUTOR')),
  -- REMOVED rows are kept, so the actions log still names who did what.
  status text not null check (status in ('INVITED', 'ACTIVE', 'REMOVED')),
  password_hash text,
  -- Needed in clear to check codes; the time step of the last accepted code (a code is used once).
  totp_secret text,
  totp_last_step bigint,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  last_login_at timestamptz,
  removed_at timestamptz
);
create unique index staff_user_email on staff_user (email) where status <> 'REMOVED';
create index staff_user_created on staff_user (created_at desc, id desc) where status <> 'REMOVED';

create table staff_session (
  id uuid primary key,
  staff_id uuid not null references staff_user (id) on delete cascade,
  token_hash text not null unique,
  -- Sent back in X-CSRF-Token by unsafe requests; it guards nothing without the cookie.
  csrf_secret text not null,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  -- The absolute end (7 days); idle sessions end after 12 hours (checked against last_seen_at).
  expires_at timestamptz not null,
  ip text,
  user_agent text
);
create index staff_session_staff on staff_session (staff_id);

-- First-owner links: printed at start while no owner exists, or by `npm run staff:setup-link`.
create table staff_setup_token (
  id uuid primary key,
  token_hash text not null unique,
  created_at timestamptz not null,
  expires_at timestamptz not null
);

create table staff_invite (
  id uuid primary key,
  staff_id uuid not null references staff_user (id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index staff_invite_staff on staff_invite (staff_id);

-- A TOTP secret handed out and waiting for its first code: after a setup link (SETUP), an owner's
-- invitation (INVITE), or the sign-in of an owner without TOTP (SIGN_IN). The account is made or
-- changed only when the code comes.
create table staff_enrolment (
  id uuid primary key,
  token_hash text not null unique,
  purpose text not null check (purpose in ('SETUP', 'INVITE', 'SIGN_IN')),
  -- The setup token or invitation it spends (SETUP, INVITE).
  source_id uuid,
  -- The account it completes (INVITE, SIGN_IN; SETUP for an existing e-mail address).
  staff_id uuid references staff_user (id) on delete cascade,
  email text not null,
  name text not null,
  password_hash text,
  totp_secret text not null,
  attempts integer not null default 0,
  created_at timestamptz not null,
  expires_at timestamptz not null
);

-- Every staff action: a request other than GET by a staff session, and staff sign-ins.
create table staff_action (
  id uuid primary key,
  staff_id uuid not null,
  method text not null,
  route text not null,
  path text not null,
  entity_id text,
  status integer not null,
  created_at timestamptz not null
);
create index staff_action_entity on staff_action (entity_id, created_at desc, id desc) where entity_id is not null;
create index staff_action_staff on staff_action (staff_id, created_at desc, id desc);
create index staff_action_created on staff_action (created_at desc, id desc);
