-- The transaction that wrote each event. A reader of the outbox that goes on from where it stopped
-- (webhooks) takes only events of transactions older than every one still running
-- (pg_snapshot_xmin), in (txid, id) order: an event whose transaction commits late is never passed.
-- Events written before this column have none, and no reader looks for them.
alter table event add column txid xid8;
alter table event alter column txid set default pg_current_xact_id();
create index event_txid on event (txid, id);
