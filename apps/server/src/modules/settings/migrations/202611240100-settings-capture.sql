-- Delayed capture of shop orders: authorize at checkout, capture on fulfilment (or by hand),
-- void what is still held after `authorization_void_days` days.
alter table store_settings
  add column capture_on_fulfillment boolean not null default false,
  add column authorization_void_days smallint not null default 7 check (authorization_void_days between 1 and 30);
