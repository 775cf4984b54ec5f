-- Order numbers from a sequence instead of a counter row: the row's lock made every order creation
-- wait for the one before it to commit. Numbers still start at 10001 and only grow; a creation that
-- rolls back after taking one leaves a gap (see the module README).
create sequence ecom_order_number_seq;
select setval('ecom_order_number_seq', (select last_number from ecom_order_counter where id = 1));
drop table ecom_order_counter;
