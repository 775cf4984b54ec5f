-- Manual tax rates (/ecom/v1/tax-rates) and additional fees (/ecom/v1/additional-fees).
create table tax_rate (
  id uuid primary key,
  name text not null,
  rate_type text not null check (rate_type in ('MANUAL_RATE', 'NO_TAX_COLLECTED', 'FALLBACK_RATE')),
  country text,
  subdivision text,
  rate numeric(7, 4) not null check (rate >= 0 and rate <= 100),
  revision bigint not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check ((rate_type = 'FALLBACK_RATE') = (country is null)),
  check (subdivision is null or country is not null)
);
-- One rate per country / subdivision, and one fallback.
create unique index tax_rate_place on tax_rate (country, coalesce(subdivision, '')) where country is not null;
create unique index tax_rate_fallback on tax_rate ((true)) where rate_type = 'FALLBACK_RATE';
create index tax_rate_created on tax_rate (created_at, id);

create table additional_fee (
  id uuid primary key,
  code text not null unique,
  name text not null,
  fee_type text not null check (fee_type in ('HANDLING_FEE', 'INSURANCE')),
  amount bigint check (amount >= 0),
  percentage numeric(7, 4) check (percentage >= 0 and percentage <= 100),
  revision bigint not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check ((amount is null) <> (percentage is null))
);
create index additional_fee_created on additional_fee (created_at, id);
