/**
 * `npm run staff:setup-link`: prints a new one-time link to set up a store owner
 * (`PUBLIC_URL/dashboard/setup?token=…`, valid 7 days), on the database `npm start` uses (the same
 * environment variables). For the first owner when the link printed at start is lost or expired,
 * and to re-enrol an owner who lost their authenticator (set up again with the same e-mail
 * address). Whoever can run it can read the database anyway.
 */
import pino from 'pino';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig, type Config } from '../platform/config.ts';
import { migrate } from '../platform/db/migrate.ts';
import { createSetupLink } from '../modules/staff/index.ts';
import { embeddedDatabaseHolder, openDatabase } from '../start.ts';

let config: Config;
try {
  config = loadConfig();
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}

const holder = config.DATABASE_URL ? undefined : embeddedDatabaseHolder(config);
if (holder !== undefined) {
  console.error(
    `The store is running on the embedded database (process ${holder}), which one process uses at a time.\n` +
      'Stop it (Ctrl-C), run this command again, then start the store.',
  );
  process.exit(1);
}

const database = openDatabase(config);
try {
  await migrate(database.db);
  const app = buildApp({ config, database, logger: pino({ level: 'silent' }) });
  const link = await createSetupLink(app.systemCtx());
  await app.http.close();
  console.log(`Dashboard set-up link (one-time, valid 7 days):
  ${link}
Open it to create a store owner (or, with an existing owner's e-mail address, to set that owner's
password and authenticator again).`);
} finally {
  await database.close();
}
