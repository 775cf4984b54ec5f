-- Folders are searched as files are: word prefixes of the display name, kept as store.ts
-- `searchTextOf` writes them (lower-cased words, split at every character that is not a letter or a
-- digit). The folders already kept get their words the same way (ASCII punctuation and spaces; a later
-- rename writes them with the code's rule).
alter table media_folder add column search_text text not null default '';
update media_folder
set search_text = coalesce(
  (
    select string_agg(distinct w, ' ')
    from regexp_split_to_table(lower(display_name), '[[:space:]!-/:-@\[-`{-~]+') w
    where w <> ''
  ),
  ''
);
