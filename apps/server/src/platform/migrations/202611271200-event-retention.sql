-- Events are kept 30 days (platform/events.ts, purgeEventsJob): each one carries its entity's whole
-- snapshot, so a purchase leaves about 38 KB of them, nine times its order row. When the purge
-- deletes an entity's events it keeps here the highest sequence number they had, so the entity's
-- next event goes on from it instead of starting again at 1.
create table event_sequence (
  entity_fqdn text not null,
  entity_id text not null,
  last bigint not null,
  primary key (entity_fqdn, entity_id)
);
