-- What the checkout calculator needs from the store settings.
alter table store_settings
  add column tax_included_in_prices boolean not null default false,
  add column shipping_taxable boolean not null default false,
  -- {country, subdivision?} or null
  add column tax_origin jsonb;
