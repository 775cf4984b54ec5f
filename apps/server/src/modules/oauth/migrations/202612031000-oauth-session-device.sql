-- Where a member is signed in, for their list of sessions: the browser (User-Agent) that opened a
-- hosted sign-in session, the one that asked for a member's tokens, and when a member's refresh token
-- was last used (its access tokens are renewed with it: known to within their lifetime). Visitors'
-- tokens keep none of it.
alter table oauth_browser_session add column user_agent text;
alter table oauth_refresh_token add column user_agent text;
alter table oauth_refresh_token add column last_used_at timestamptz;
