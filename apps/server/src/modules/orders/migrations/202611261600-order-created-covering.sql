-- The orders search walks orders newest first and, for the page, first picks only ids: with the
-- tags and the status in the created-at index, a filter on them (the dashboard's "tag vip, last 30
-- days") is decided in the index alone (an index-only scan), without reading the row of every order
-- it passes over. It replaces the plain (created_at, id) index, so order writes keep as many indexes.
create index ecom_order_created_covering on ecom_order (created_at, id) include (tags, status);
drop index ecom_order_created;
