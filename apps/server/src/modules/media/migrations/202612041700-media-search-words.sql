-- Search matches word prefixes, and a name's words are now split at punctuation too
-- ("IMG_2041-product.jpg": img 2041 product jpg), as store.ts `searchTextOf` writes them. The files
-- already kept get their words the same way (ASCII punctuation and spaces; a later change of the
-- name or labels writes them with the code's rule).
update media_file
set search_text = coalesce(
  (
    select string_agg(distinct w, ' ')
    from regexp_split_to_table(
      lower(display_name || ' ' || coalesce((select string_agg(l, ' ') from jsonb_array_elements_text(labels) l), '')),
      '[[:space:]!-/:-@\[-`{-~]+'
    ) w
    where w <> ''
  ),
  ''
);
