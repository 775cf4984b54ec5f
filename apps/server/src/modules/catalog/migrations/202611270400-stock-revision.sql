-- Stock moves apart from the rest of the catalog. An order of tracked items changes quantities only:
-- it raised the catalog revision, so every order dropped every process's kept product lists and every
-- shopper's kept cart answer, and took the catalog revision row's lock until it committed. Now a
-- change of quantities alone that leaves each item in stock (or out of it) raises the stock revision
-- only; the catalog revision moves when anything else of an item changes or it goes in or out of
-- stock — all that a v3 product answer shows of stock. The v1 lists (which show quantities) are kept
-- against both; a cart against the catalog revision and its own lines' inventory rows.
create table catalog_stock_revision (
  id int primary key check (id = 1),
  revision bigint not null
);
insert into catalog_stock_revision (id, revision) values (1, 1);

create function bump_revisions_on_inventory_update() returns trigger language plpgsql as $$
begin
  if exists (
    select from old_rows o join new_rows n on n.id = o.id
    where (to_jsonb(o) - '{quantity,revision,updated_at}'::text[]) is distinct from (to_jsonb(n) - '{quantity,revision,updated_at}'::text[])
      or (not o.tracked or o.quantity > 0) is distinct from (not n.tracked or n.quantity > 0)
  ) or (select count(*) from old_rows) <> (select count(*) from old_rows o join new_rows n on n.id = o.id) then
    update catalog_revision set revision = revision + 1 where id = 1;
  end if;
  if exists (select from old_rows o join new_rows n on n.id = o.id where o.quantity is distinct from n.quantity) then
    update catalog_stock_revision set revision = revision + 1 where id = 1;
  end if;
  return null;
end $$;

drop trigger catalog_inventory_item_revision_update on catalog_inventory_item;
create trigger catalog_inventory_item_revision_update after update on catalog_inventory_item
  referencing old table as old_rows new table as new_rows
  for each statement execute function bump_revisions_on_inventory_update();
