-- Members whose access tokens are refused before they expire (blocked or deleted). A row lives as
-- long as the member stays blocked, or 7 days at most (the longest ACCESS_TOKEN_TTL): no token of
-- theirs outlives that, and none is issued while they are blocked or after they are deleted.
create table oauth_denied_subject (
  subject_id uuid primary key,
  denied_at timestamptz not null
);
create index oauth_denied_subject_at on oauth_denied_subject (denied_at);

-- Raised by every change of oauth_denied_subject: each process re-reads the set only when it moved.
create table oauth_denial_revision (
  id int primary key check (id = 1),
  revision bigint not null
);
insert into oauth_denial_revision (id, revision) values (1, 0);
