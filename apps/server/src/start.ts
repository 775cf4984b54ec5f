import { resolve } from 'node:path';
import { buildApp, type App, type AppOptions } from './app.ts';
import { bootstrapInstance, type Instance } from './platform/bootstrap.ts';
import type { Config } from './platform/config.ts';
import { openPglite, openPostgres, type DbHandle } from './platform/db/connect.ts';
import { migrate } from './platform/db/migrate.ts';
import { seedDemoOnce } from './platform/demo.ts';

export function openDatabase(config: Config): DbHandle {
  return config.DATABASE_URL
    ? openPostgres({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE })
    : openPglite(resolve(config.DATA_DIR, 'pg'));
}

export interface Started {
  app: App;
  instance: Instance;
  url: string;
  stop(): Promise<void>;
}

/** Migrates, bootstraps, builds and listens. Used by main.ts and by the tests' server helper. */
export async function startServer(
  o: Omit<AppOptions, 'database'> & { database?: DbHandle; listen?: boolean },
): Promise<Started> {
  const database = o.database ?? openDatabase(o.config);
  await migrate(database.db);
  const app = buildApp({ ...o, database });
  const instance = await bootstrapInstance(database.db, o.config, app.systemCtx().clock.now());
  await app.oauth.start(app.systemCtx(), instance);
  if (o.config.DEMO_DATA) await seedDemoOnce(app.systemCtx(), app.demoSeeders);
  let url = '';
  if (o.listen !== false) {
    url = await app.http.listen({ port: o.config.PORT, host: o.config.HOST });
  } else {
    await app.http.ready();
  }
  if (o.config.JOBS) app.jobs.start();
  return {
    app,
    instance,
    url,
    async stop() {
      await app.jobs.stop();
      await app.http.close();
      await database.close();
    },
  };
}
