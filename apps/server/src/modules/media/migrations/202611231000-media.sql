-- Media library (modules/media): file descriptors, folders, upload grants.
create table media_folder (
  id text primary key,
  display_name text not null,
  parent_folder_id text not null,
  state text not null check (state in ('OK', 'DELETED')),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  deleted_at timestamptz
);
create index media_folder_parent on media_folder (parent_folder_id, state);

create table media_file (
  id text primary key,
  display_name text not null,
  -- Lower-cased display name and labels, space separated: what search matches word prefixes in.
  search_text text not null,
  parent_folder_id text not null,
  hash text not null default '',
  size_bytes bigint not null default 0,
  private boolean not null,
  media_type text not null,
  mime_type text not null,
  operation_status text not null check (operation_status in ('PENDING', 'READY', 'FAILED')),
  failure_reason text,
  source_url text,
  labels jsonb not null default '[]',
  external_info jsonb,
  -- What processing found (dimensions, duration, colours, assets); the wire form is built from it.
  meta jsonb not null default '{}',
  -- Storage key of the original bytes, and of the web copy served publicly when it differs.
  storage_key text not null,
  web_key text,
  state text not null check (state in ('OK', 'DELETED')),
  -- The member whose visitor upload this is (VISITOR_UPLOADS_ROOT), for quotas and ownership.
  owner_member_id text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  deleted_at timestamptz
);
create index media_file_list on media_file (state, parent_folder_id, created_at desc, id);
create index media_file_deleted on media_file (deleted_at) where state = 'DELETED';
create index media_file_owner on media_file (owner_member_id, created_at) where owner_member_id is not null;

-- A generated upload URL: single use (used_at), expiring, bound to MIME type, size and folder.
create table media_upload (
  token_hash text primary key,
  mime_type text not null,
  size_bytes bigint,
  file_name text,
  parent_folder_id text not null,
  private boolean not null,
  labels jsonb not null default '[]',
  external_info jsonb,
  owner_member_id text,
  resumable boolean not null default false,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index media_upload_owner on media_upload (owner_member_id, created_at) where owner_member_id is not null;
create index media_upload_expires on media_upload (expires_at);
