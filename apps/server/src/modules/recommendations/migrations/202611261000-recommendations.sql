-- Recommendations, kept up to date from paid orders so that a read is one indexed lookup:
-- products bought together (weighted by recency), daily sales (best sellers of the last 30 days),
-- and the orders already counted (events arrive at least once).
create table recommendation_pair (
  item_id text not null,
  other_id text not null,
  weight double precision not null,
  primary key (item_id, other_id)
);
create index recommendation_pair_top on recommendation_pair (item_id, weight desc);

create table recommendation_sale (
  item_id text not null,
  day date not null,
  quantity bigint not null,
  primary key (item_id, day)
);
create index recommendation_sale_day on recommendation_sale (day, item_id);

create table recommendation_order (
  order_id text primary key,
  counted_at timestamptz not null
);
