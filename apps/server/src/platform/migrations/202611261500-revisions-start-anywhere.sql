-- Revisions start at a random point, so two databases never share one: a process that serves
-- several stores one after another (the test suite, which runs many files in one process) can never
-- take one store's kept configuration or product lists for another's. Revisions only ever grow.
update config_revision set revision = revision + floor(random() * 1e12)::bigint where id = 1;
