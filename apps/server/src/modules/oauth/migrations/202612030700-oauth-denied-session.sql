-- Sessions (member refresh tokens) ended before their access tokens expire: a logout, a password
-- change or reset, a hosted sign-out, a replayed code. Their access tokens (whose `sid` names the
-- refresh token) are refused until `expires_at`, past which none of them is live. A row takes the
-- denial revision its transaction raised: the revision row's lock orders the commits, so a process
-- reads only the rows past the highest revision it has seen.
create table oauth_denied_session (
  session_id uuid primary key,
  revision bigint not null,
  expires_at timestamptz not null
);
create index oauth_denied_session_revision on oauth_denied_session (revision);
create index oauth_denied_session_expires on oauth_denied_session (expires_at);
