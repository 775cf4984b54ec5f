-- One counter for everything the checkout calculator reads from the merchant's configuration
-- (store settings, discount rules, coupons, shipping, tax, fees). Every write to that
-- configuration bumps it in the same transaction; each server process caches the configuration
-- and reloads it when the counter it reads alongside a cart differs from the cached one.
create table config_revision (
  id int primary key check (id = 1),
  revision bigint not null
);
insert into config_revision (id, revision) values (1, 1);
