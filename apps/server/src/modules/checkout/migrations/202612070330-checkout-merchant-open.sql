-- Open checkouts the merchant made for a buyer (a payment link sent, not yet paid), newest first:
-- the dashboard's "Payment links" (merchant.ts). Partial: only those rows are entered, and
-- `channel_type` never changes; `completed` was already indexed (checkout_completed_email), so the
-- buy flow's writes keep what HOT updates they had.
create index checkout_merchant_open on checkout (id desc) where channel_type = 'BACKOFFICE_MERCHANT' and not completed;
