-- The store's own postal address (the sender on packing slips); null until the merchant gives one.
alter table store_settings add column business_address jsonb;
