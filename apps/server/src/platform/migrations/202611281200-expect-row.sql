-- A write sent without waiting for its answer (platform/db/statement.ts, `sentExpectingRow`) still
-- has to fail its transaction when it changed no row (another request changed the row first): it
-- passes its count of rows written here, and COMMIT, which travels with it, answers with the error.
-- The state is our own (class VR), so the caller can tell it from any other failure and retry.
create or replace function vitrine_expect_row(written bigint) returns int
language plpgsql as $$
begin
  if written <> 1 then
    raise exception 'expected to write one row, wrote %', written using errcode = 'VR409';
  end if;
  return 1;
end $$;
