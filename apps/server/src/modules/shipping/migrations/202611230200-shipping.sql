-- Shipping regions (/ecom/v1/shipping-regions) and pickup locations (/ecom/v1/pickup-locations).
create table shipping_region (
  id uuid primary key,
  name text not null,
  -- [{country, subdivisions: []}]
  destinations jsonb not null,
  -- [{code, title, deliveryTime?, rule {kind, costMinor | unit+brackets [{upTo?, costMinor}]}, deliveryTimeSlots [{from, to}]}]
  options jsonb not null,
  free_shipping_threshold bigint check (free_shipping_threshold >= 0),
  revision bigint not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index shipping_region_created on shipping_region (created_at, id);

create table pickup_location (
  id uuid primary key,
  name text not null,
  pickup_method text not null check (pickup_method in ('STORE_PICKUP', 'PICKUP_POINT')),
  -- {country, subdivision?, city?, addressLine?, postalCode?}
  address jsonb not null,
  business_location text,
  cost bigint not null check (cost >= 0),
  instructions text,
  active boolean not null,
  revision bigint not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index pickup_location_created on pickup_location (created_at, id);
