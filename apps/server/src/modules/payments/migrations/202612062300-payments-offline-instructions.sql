-- How the buyer was told to pay an offline payment made with one of the store's manual payment
-- methods (its instructions when the order was placed); null for every other payment.
alter table payment add column instructions text;
