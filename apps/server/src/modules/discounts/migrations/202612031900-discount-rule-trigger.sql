-- A discount rule's trigger (triggers.ts StoredTrigger): the conditions a cart must meet for the
-- rule to apply. Null: the rule applies to every cart while it is LIVE.
alter table discount_rule add column trigger jsonb;
