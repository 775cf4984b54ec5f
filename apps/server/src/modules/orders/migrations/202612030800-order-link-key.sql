-- The key of the signed links in a visitor's order e-mails (order-link.ts): one per store, made by
-- the first link signed, shared by every server process.
create table order_link_key (
  id int primary key check (id = 1),
  secret text not null
);
