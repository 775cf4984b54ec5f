-- How far the search for left checkouts has looked (their last change): it goes on from here, so a
-- record the merchant deleted is not found again (unless its checkout changes and is left again).
create table abandoned_checkout_scan (
  id int primary key check (id = 1),
  left_before timestamptz not null
);
drop index abandoned_checkout_left;
