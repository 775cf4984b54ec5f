-- "Buyer e-mail contains …" (the dashboard's order search box) through a trigram index instead of
-- reading every order. pg_trgm ships with PostgreSQL (a trusted extension: no superuser needed) and
-- with the embedded database; it is created in public so every schema's search_path finds it.
-- Two processes (or test schemas) migrating at once must not both create it.
select pg_advisory_xact_lock(hashtext('vitrine: create extension pg_trgm'));
create extension if not exists pg_trgm with schema public;
create index ecom_order_buyer_email_trgm on ecom_order using gin (buyer_email public.gin_trgm_ops);
