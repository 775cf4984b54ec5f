-- The catalog revision is raised once per statement instead of once per row: a statement that writes
-- many rows (an import, a bulk stock change) raised the same counter row once for each of them, and
-- each raise had to walk the row's versions made by the ones before it in the same transaction.
drop trigger catalog_product_revision on catalog_product;
drop trigger catalog_variant_revision on catalog_variant;
drop trigger catalog_inventory_item_revision on catalog_inventory_item;
drop trigger catalog_category_revision on catalog_category;
drop trigger catalog_product_category_revision on catalog_product_category;

create trigger catalog_product_revision after insert or update or delete on catalog_product
  for each statement execute function bump_catalog_revision();
create trigger catalog_variant_revision after insert or update or delete on catalog_variant
  for each statement execute function bump_catalog_revision();
create trigger catalog_inventory_item_revision after insert or update or delete on catalog_inventory_item
  for each statement execute function bump_catalog_revision();
create trigger catalog_category_revision after insert or update or delete on catalog_category
  for each statement execute function bump_catalog_revision();
create trigger catalog_product_category_revision after insert or update or delete on catalog_product_category
  for each statement execute function bump_catalog_revision();
