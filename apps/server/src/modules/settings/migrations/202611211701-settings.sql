-- Store-wide settings: a single row.
create table store_settings (
  id smallint primary key default 1 check (id = 1),
  store_name text not null,
  currency text not null,
  locale text not null,
  contact_email text,
  member_approval_required boolean not null,
  weight_unit text not null check (weight_unit in ('KG', 'LB')),
  revision bigint not null,
  updated_at timestamptz not null
);
insert into store_settings values (1, 'My Vitrine store', 'USD', 'en-US', null, false, 'KG', 1, date_trunc('milliseconds', now()));
