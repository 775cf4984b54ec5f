-- A discount rule's trigger (triggers.ts StoredTrigger): the conditions a cart must meet for the
-- rule to apply. Null: the rule applies to every cart while it is LIVE.
alter table discount_rule add column trigger jsonb;

-- QUANTITY_BASED ("X for an amount"): `quantity` units for `amount` (minor units) together.
alter table discount_rule drop constraint discount_rule_discount_type_check;
alter table discount_rule add constraint discount_rule_discount_type_check
  check (discount_type in ('PERCENTAGE', 'FIXED_AMOUNT', 'FIXED_PRICE', 'QUANTITY_BASED'));
alter table discount_rule add column quantity integer check (quantity >= 2);
alter table discount_rule add constraint discount_rule_quantity_check2
  check ((discount_type = 'QUANTITY_BASED') = (quantity is not null));
