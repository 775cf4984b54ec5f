-- A product's handle (catalog v3 `handle`): a unique, human-friendly identifier that can be given
-- when the product is created and never changes after, so a product re-imported from another system
-- keeps it while its slug may be edited. Not given, it is the product's slug at creation (with the
-- start of its id appended when another product already holds that handle, because its slug changed
-- since). The trigger gives every insert path one (the API, the v1 API, the demo data, bulk seeds);
-- products kept before take their current slug, which is unique.
alter table catalog_product add column handle text;
update catalog_product set handle = slug;
alter table catalog_product alter column handle set not null;
alter table catalog_product add constraint catalog_product_handle_key unique (handle);

create function catalog_product_default_handle() returns trigger language plpgsql as $$
begin
  if new.handle is null then
    new.handle := new.slug;
    if exists (select 1 from catalog_product where handle = new.handle) then
      new.handle := left(new.slug, 91) || '-' || left(new.id::text, 8);
    end if;
  end if;
  return new;
end $$;

create trigger catalog_product_default_handle before insert on catalog_product
  for each row execute function catalog_product_default_handle();
