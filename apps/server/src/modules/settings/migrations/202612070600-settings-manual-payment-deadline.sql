-- An order awaiting a manual payment is canceled (stock returned, buyer e-mailed) this many days
-- after the buyer chose the method; null: never (the default, as before).
alter table store_settings add column manual_payment_cancel_days smallint
  check (manual_payment_cancel_days between 1 and 90);
