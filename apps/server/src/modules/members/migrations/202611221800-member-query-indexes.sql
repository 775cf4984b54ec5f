-- Indexes for the members query's common shapes (bench/members.ts): a status with newest or oldest
-- first, privacy with dates, and nickname prefix search and sort (lower(...) LIKE 'ab%').
create index member_status_created on member (status, created_at, id);
create index member_privacy_created on member (privacy_status, created_at, id);
create index member_nickname on member ((profile->>'nickname'), id);
create index member_nickname_prefix on member (lower(profile->>'nickname') text_pattern_ops);
