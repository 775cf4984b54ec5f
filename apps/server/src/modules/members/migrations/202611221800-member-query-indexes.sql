-- Indexes for the members query's common shapes (bench/members.ts): a status with newest or oldest
-- first, privacy with dates, and nicknames: one C-collated lower-case key serves both the prefix
-- filter ((lower(x) COLLATE "C") LIKE 'ab%' becomes a range) and the order (the field's sortSql).
create index member_status_created on member (status, created_at, id);
create index member_privacy_created on member (privacy_status, created_at, id);
create index member_nickname on member ((lower(profile->>'nickname') collate "C"), id);
-- Member search: each word must start a searched field (the same C-collated lower-case keys).
create index member_search_slug on member ((lower(slug) collate "C"));
create index member_search_email on member ((lower(login_email) collate "C"));
create index member_search_first on member ((lower(contact->>'firstName') collate "C"));
create index member_search_last on member ((lower(contact->>'lastName') collate "C"));
