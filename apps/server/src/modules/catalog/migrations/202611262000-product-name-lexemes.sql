-- Product search (word prefixes of the name) through the name's words as full-text lexemes: a GIN
-- index keeps one entry per word, so two common words are two posting lists intersected, not the
-- many posting lists of their trigrams (which every name shares). The lexemes are the name's words
-- exactly as the trigram column kept them (lower case, split at anything not a letter or digit):
-- array_to_tsvector takes them as they are (no parser, no dictionary, no stemming), and a query
-- is `'word':*` prefixes of the same words (catalog/store.ts searchSpec, platform/query/filter.ts).
alter table catalog_product add column search_lexemes tsvector
  generated always as (array_to_tsvector(string_to_array(btrim(regexp_replace(lower(name), '[^[:alnum:]]+', ' ', 'g')), ' '))) stored;
create index catalog_product_search_lexemes on catalog_product using gin (search_lexemes);
drop index catalog_product_search_words_trgm;
alter table catalog_product drop column search_words;
