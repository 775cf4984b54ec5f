-- Completed checkouts by their buyer's e-mail (lower-cased) and completion: the abandoned-checkout
-- search skips a checkout whose buyer has bought since with the same e-mail (left.ts `boughtSince`).
-- Partial: open checkouts are not entered. Its cost: a write that changes `buyer` or `completed`
-- (setting the e-mail, completing) is no longer a HOT update (README, "Abandoned checkouts").
create index checkout_completed_email on checkout (lower(buyer->>'email'), updated_at) where completed;
