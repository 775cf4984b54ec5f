-- Line-item types beyond the v3 wire's PHYSICAL/DIGITAL: GIFT_CARD and SERVICE are DIGITAL on the wire
-- and carried in extendedFields (see README). product_type stays the wire value.
alter table catalog_product add column item_type text not null default 'PHYSICAL'
  check (item_type in ('PHYSICAL', 'DIGITAL', 'GIFT_CARD', 'SERVICE'));
update catalog_product set item_type = product_type;
alter table catalog_product add constraint catalog_product_item_type_matches
  check ((item_type = 'PHYSICAL') = (product_type = 'PHYSICAL'));

-- Availability is computed from the inventory items on read, so stock changes never touch (or lock) the product row.
alter table catalog_product drop column availability;

-- Categories double as v1 collections: a description and an image.
alter table catalog_category add column description text;
alter table catalog_category add column image_url text;
