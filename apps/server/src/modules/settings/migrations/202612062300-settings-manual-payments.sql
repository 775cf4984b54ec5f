-- Ways to pay outside Vitrine ("Bank transfer") the hosted checkout offers beside the card, in order:
-- [{id, name, instructions}].
alter table store_settings add column manual_payment_methods jsonb not null default '[]';
