-- The PUBLIC_URL whose redirect URI (`<PUBLIC_URL>/*`) and origin the last start gave the bundled
-- storefront client: a start with another PUBLIC_URL removes those two entries and adds its own.
alter table oauth_client add column start_public_url text;
