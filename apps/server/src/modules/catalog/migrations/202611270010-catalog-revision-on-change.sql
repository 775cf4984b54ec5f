-- The catalog revision is raised only by a statement that changed a row. Raised once per statement
-- (the previous migration), it was raised by every statement, also one that matched nothing: the
-- stock update of an order of untracked items (most shops track no stock) raised it, so every order
-- took the counter row's lock until it committed — orders placed at the same time waited for each
-- other (create-order p99 under 8 shoppers 240-310 ms, the stock statement's mean 18 ms, nearly all
-- of it waiting) — and every order made each process rebuild its kept product lists.
-- A trigger with transition tables fires on one kind of event, so each table gets three.
create function bump_catalog_revision_if_changed() returns trigger language plpgsql as $$
begin
  if exists (select from changed_rows) then
    update catalog_revision set revision = revision + 1 where id = 1;
  end if;
  return null;
end $$;

do $$
declare
  t text;
begin
  foreach t in array array['catalog_product', 'catalog_variant', 'catalog_inventory_item', 'catalog_category',
      'catalog_product_category'] loop
    execute format('drop trigger %I on %I', t || '_revision', t);
    execute format('create trigger %I after insert on %I referencing new table as changed_rows '
      'for each statement execute function bump_catalog_revision_if_changed()', t || '_revision_insert', t);
    execute format('create trigger %I after update on %I referencing new table as changed_rows '
      'for each statement execute function bump_catalog_revision_if_changed()', t || '_revision_update', t);
    execute format('create trigger %I after delete on %I referencing old table as changed_rows '
      'for each statement execute function bump_catalog_revision_if_changed()', t || '_revision_delete', t);
  end loop;
end $$;

drop function bump_catalog_revision();
