-- Whether a shopper who leaves a checkout with an e-mail address is e-mailed a link back to it.
alter table store_settings add column abandoned_checkout_emails boolean not null default true;
