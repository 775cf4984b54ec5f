-- The catalog revision starts at a random point, as the configuration revision does (see
-- platform/migrations/202611261500-revisions-start-anywhere.sql): never shared by two databases.
update catalog_revision set revision = revision + floor(random() * 1e12)::bigint where id = 1;
