import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildApp, type App, type AppOptions } from './app.ts';
import { firstOwnerSetupLink } from './modules/staff/index.ts';
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

/**
 * The file naming the process that has the embedded database open (`DATA_DIR/pg.pid`): PGlite is
 * one process at a time, so `npm run staff:setup-link` refuses to open it while the store runs.
 */
export const embeddedDatabasePidFile = (config: Config) => resolve(config.DATA_DIR, 'pg.pid');

/** The process id of another live process holding the embedded database, if there is one. */
export function embeddedDatabaseHolder(config: Config): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(embeddedDatabasePidFile(config), 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (e) {
    // EPERM: it exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

export interface Started {
  app: App;
  instance: Instance;
  url: string;
  /** While the store has no owner: a one-time link to create the first (printed by main.ts). */
  setupLink?: string;
  stop(): Promise<void>;
}

/** Migrates, bootstraps, builds and listens. Used by main.ts and by the tests' server helper. */
export async function startServer(
  o: Omit<AppOptions, 'database'> & { database?: DbHandle; listen?: boolean },
): Promise<Started> {
  const embedded = !o.database && !o.config.DATABASE_URL;
  const database = o.database ?? openDatabase(o.config);
  if (embedded) writeFileSync(embeddedDatabasePidFile(o.config), String(process.pid));
  await migrate(database.db);
  const app = buildApp({ ...o, database });
  const instance = await bootstrapInstance(database.db, o.config, app.systemCtx().clock.now());
  await app.oauth.start(app.systemCtx(), instance);
  if (o.config.DEMO_DATA) await seedDemoOnce(app.systemCtx(), app.demoSeeders);
  const setupLink = await firstOwnerSetupLink(app.systemCtx());
  let url = '';
  if (o.listen !== false) {
    try {
      url = await app.http.listen({ port: o.config.PORT, host: o.config.HOST });
    } catch (e) {
      // The port is taken (or the address refused): nothing of this start may stay open.
      await app.http.close();
      throw e;
    }
  } else {
    await app.http.ready();
  }
  if (o.config.JOBS) app.jobs.start();
  return {
    app,
    instance,
    url,
    ...(setupLink ? { setupLink } : {}),
    async stop() {
      await app.jobs.stop();
      await app.http.close();
      await database.close();
      if (embedded) rmSync(embeddedDatabasePidFile(o.config), { force: true });
    },
  };
}
