-- Product search (word prefixes of the name, catalog/store.ts searchSpec's __words) through a trigram
-- index on the very expression it filters, instead of reading every product.
select pg_advisory_xact_lock(hashtext('vitrine: create extension pg_trgm'));
create extension if not exists pg_trgm with schema public;
create index catalog_product_name_words_trgm on catalog_product
  using gin ((' ' || regexp_replace(lower(name), '[^[:alnum:]]+', ' ', 'g')) public.gin_trgm_ops);
