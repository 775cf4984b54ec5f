-- Site members: one per identity (same id). Contact and profile are kept as the REST shapes.
create table member (
  id uuid primary key references identity (id),
  login_email text not null,
  login_email_verified boolean not null,
  status text not null check (status in ('PENDING', 'APPROVED', 'BLOCKED', 'OFFLINE')),
  activity_status text not null check (activity_status in ('ACTIVE', 'MUTED')),
  privacy_status text not null check (privacy_status in ('PUBLIC', 'PRIVATE')),
  contact jsonb not null default '{}',
  profile jsonb not null default '{}',
  slug text not null unique,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  last_login_at timestamptz
);
create index member_created on member (created_at, id);
create index member_login_email on member (login_email);
