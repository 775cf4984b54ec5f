-- Reviews: one row a review; its rating summary per reviewed entity (published reviews only, kept
-- by increments in the transaction that changes a review); the store's review settings (one row).
create table review (
  id uuid primary key,
  namespace text not null,
  entity_id text not null,
  title text,
  body text,
  rating smallint not null check (rating between 1 and 5),
  -- [{image: {...}} | {video: {...}}] as library file references (id, size, name)
  media jsonb not null default '[]',
  author_type text not null check (author_type in ('MEMBER', 'VISITOR', 'UNKNOWN')),
  -- One review per author per entity: 'member:<id>', 'email:<lower-cased address>', 'visitor:<id>'
  -- or 'app:<uuid>' (an app's reviews are each their own author).
  author_key text not null,
  contact_id text,
  member_id text,
  visitor_id text,
  author_name text,
  author_email text,
  origin_type text not null check (origin_type in ('ORGANIC', 'APP')),
  origin_app_id text,
  moderation_status text not null check (moderation_status in ('SUBMITTED', 'IN_MODERATION', 'APPROVED', 'REJECTED')),
  manually_changed boolean not null default false,
  publish_count integer not null default 0,
  verified boolean not null default false,
  relevance_score double precision not null,
  found_helpful integer not null default 0,
  found_unhelpful integer not null default 0,
  reply_message text,
  reply_created_at timestamptz,
  reply_updated_at timestamptz,
  client_ip text,
  review_date timestamptz not null,
  revision bigint not null default 1,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create unique index review_one_per_author on review (namespace, entity_id, author_key);
-- A product's published reviews by relevance, date or rating: index scans.
create index review_published_relevance on review (namespace, entity_id, relevance_score desc, id desc)
  where moderation_status = 'APPROVED';
create index review_published_created on review (namespace, entity_id, created_at desc, id desc)
  where moderation_status = 'APPROVED';
create index review_published_rating on review (namespace, entity_id, rating desc, id desc)
  where moderation_status = 'APPROVED';
-- The merchant's queue and all-store lists.
create index review_status_created on review (moderation_status, created_at desc, id desc);
create index review_created on review (created_at desc, id desc);
create index review_member on review (member_id) where member_id is not null;
create index review_visitor on review (visitor_id) where visitor_id is not null;
-- Rate limits count recent reviews per author and per client address.
create index review_author_recent on review (author_key, created_at);
create index review_ip_recent on review (client_ip, created_at) where client_ip is not null;

create table review_summary (
  namespace text not null,
  entity_id text not null,
  review_count integer not null default 0,
  rating_sum integer not null default 0,
  star1 integer not null default 0,
  star2 integer not null default 0,
  star3 integer not null default 0,
  star4 integer not null default 0,
  star5 integer not null default 0,
  primary key (namespace, entity_id)
);

create table review_settings (
  id int primary key check (id = 1),
  moderation text not null check (moderation in ('MANUAL', 'AUTO_PUBLISH')),
  request_delay_days integer not null,
  requests_enabled boolean not null,
  -- HMAC key of review-request links (made at first use, shared by every process)
  link_secret text,
  updated_at timestamptz not null
);
insert into review_settings (id, moderation, request_delay_days, requests_enabled, updated_at)
  values (1, 'MANUAL', 7, true, now());

-- Review requests: one per order and namespace (or per merchant request without an order).
create table review_request (
  id uuid primary key,
  namespace text not null,
  order_id text,
  -- [{catalogItemId, reviewId?}]
  items jsonb not null,
  recipient_contact_id text,
  recipient_member_id text,
  recipient_email text,
  recipient_name text,
  send_at timestamptz not null,
  status text not null check (status in ('SCHEDULED', 'CANCELED', 'FAILED', 'SENT')),
  failed_reason text,
  failed_message text,
  opened boolean not null default false,
  requested_by jsonb not null,
  revision bigint not null default 1,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create unique index review_request_order on review_request (namespace, order_id) where order_id is not null;
create index review_request_created on review_request (created_at desc, id desc);
create index review_request_due on review_request (send_at) where status = 'SCHEDULED';
