-- Catalog v3: products, their variants, one inventory item per variant, categories.
create table catalog_product (
  id uuid primary key,
  name text not null,
  slug text not null unique,
  plain_description text,
  visible boolean not null,
  product_type text not null check (product_type in ('PHYSICAL', 'DIGITAL')),
  media_urls text[] not null default '{}',
  options jsonb not null default '[]',
  brand text,
  ribbon text,
  tags text[] not null default '{}',
  -- Derived from the variants on every write, so lists can filter and sort on them.
  min_price bigint not null default 0,
  max_price bigint not null default 0,
  availability text not null default 'IN_STOCK',
  revision bigint not null default 1,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index catalog_product_min_price on catalog_product (min_price, id);
create index catalog_product_created on catalog_product (created_at, id);

create table catalog_variant (
  id uuid primary key,
  product_id uuid not null references catalog_product (id) on delete cascade,
  position int not null,
  sku text unique,
  -- [{optionId, choiceId}]
  choices jsonb not null default '[]',
  price bigint not null check (price >= 0),
  compare_at_price bigint check (compare_at_price >= 0),
  weight_grams integer,
  visible boolean not null
);
create index catalog_variant_product on catalog_variant (product_id, position);

create table catalog_inventory_item (
  id uuid primary key,
  variant_id uuid not null unique references catalog_variant (id) on delete cascade,
  product_id uuid not null references catalog_product (id) on delete cascade,
  tracked boolean not null,
  quantity integer not null default 0,
  revision bigint not null default 1,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index catalog_inventory_product on catalog_inventory_item (product_id);

create table catalog_category (
  id uuid primary key,
  name text not null,
  slug text not null unique,
  visible boolean not null,
  revision bigint not null default 1,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create table catalog_product_category (
  product_id uuid not null references catalog_product (id) on delete cascade,
  category_id uuid not null references catalog_category (id) on delete cascade,
  position int not null,
  primary key (product_id, category_id)
);
create index catalog_product_category_category on catalog_product_category (category_id);
