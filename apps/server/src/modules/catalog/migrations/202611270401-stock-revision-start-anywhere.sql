-- The stock revision starts at a random point, as the catalog's does: never shared by two databases.
update catalog_stock_revision set revision = revision + floor(random() * 1e12)::bigint where id = 1;
