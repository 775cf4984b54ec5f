-- The stock revision is raised when the transaction commits, not when its stock statement runs: an
-- order of tracked items held the stock revision row's lock from its stock update until it committed
-- (its order, payment and events written in between), so orders of different items queued for that
-- one row. A deferred constraint trigger fires at commit, once per changed row; the first raises the
-- revision and notes it for the transaction (a setting local to it), the others see the note.
create function bump_stock_revision_at_commit() returns trigger language plpgsql as $$
begin
  if coalesce(current_setting('vitrine.stock_revision_raised', true), '') <> txid_current()::text then
    update catalog_stock_revision set revision = revision + 1 where id = 1;
    perform set_config('vitrine.stock_revision_raised', txid_current()::text, true);
  end if;
  return null;
end $$;

create constraint trigger catalog_inventory_item_stock_revision after update on catalog_inventory_item
  deferrable initially deferred
  for each row when (old.quantity is distinct from new.quantity)
  execute function bump_stock_revision_at_commit();

create or replace function bump_revisions_on_inventory_update() returns trigger language plpgsql as $$
begin
  if exists (
    select from old_rows o join new_rows n on n.id = o.id
    where (to_jsonb(o) - '{quantity,revision,updated_at}'::text[]) is distinct from (to_jsonb(n) - '{quantity,revision,updated_at}'::text[])
      or (not o.tracked or o.quantity > 0) is distinct from (not n.tracked or n.quantity > 0)
  ) or (select count(*) from old_rows) <> (select count(*) from old_rows o join new_rows n on n.id = o.id) then
    update catalog_revision set revision = revision + 1 where id = 1;
  end if;
  return null;
end $$;
