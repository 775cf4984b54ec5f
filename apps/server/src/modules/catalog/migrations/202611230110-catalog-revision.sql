-- A counter raised (in the writing transaction) by every row change of the catalog, stock
-- included, so each server process can keep the answers of public catalog reads and know, with one
-- tiny read, whether they are still current. Triggers catch every write path, present and future.
create table catalog_revision (
  id int primary key check (id = 1),
  revision bigint not null
);
insert into catalog_revision (id, revision) values (1, 1);

create function bump_catalog_revision() returns trigger language plpgsql as $$
begin
  update catalog_revision set revision = revision + 1 where id = 1;
  return null;
end $$;

create trigger catalog_product_revision after insert or update or delete on catalog_product
  for each row execute function bump_catalog_revision();
create trigger catalog_variant_revision after insert or update or delete on catalog_variant
  for each row execute function bump_catalog_revision();
create trigger catalog_inventory_item_revision after insert or update or delete on catalog_inventory_item
  for each row execute function bump_catalog_revision();
create trigger catalog_category_revision after insert or update or delete on catalog_category
  for each row execute function bump_catalog_revision();
create trigger catalog_product_category_revision after insert or update or delete on catalog_product_category
  for each row execute function bump_catalog_revision();
