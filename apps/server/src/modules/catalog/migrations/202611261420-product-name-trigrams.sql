-- Product search (word prefixes of the name: catalog/store.ts searchSpec's __words) through a
-- trigram index. The name's words are kept in a stored column, so a common word (one name in ten)
-- is checked row by row with a plain LIKE instead of a regular expression on every name.
select pg_advisory_xact_lock(hashtext('vitrine: create extension pg_trgm'));
create extension if not exists pg_trgm with schema public;
alter table catalog_product add column search_words text
  generated always as (' ' || regexp_replace(lower(name), '[^[:alnum:]]+', ' ', 'g')) stored;
create index catalog_product_search_words_trgm on catalog_product using gin (search_words public.gin_trgm_ops);
