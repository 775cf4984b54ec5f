-- A shop order authorized under the store's "capture on fulfilment" setting: its first fulfilment captures it.
alter table payment_gateway_order add column capture_on_fulfillment boolean not null default false;
