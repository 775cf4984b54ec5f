import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { DbHandle } from './db/connect.ts';
import type { DemoSeeder } from './demo.ts';
import type { Subscriber } from './events.ts';
import type { Router } from './http/route.ts';
import type { JobHandler, PeriodicTask } from './jobs.ts';
import type { Ports } from './ports.ts';

/** What a module's hooks and routes are given: the server being built. */
export interface ModuleHost {
  http: FastifyInstance;
  router: Router;
  config: Config;
  database: DbHandle;
  version: string;
}

/**
 * What a module offers the server, exported by its face (`modules/<x>/index.ts`); `app.ts` lists
 * the modules and plugs each piece in.
 */
export interface ServerModule {
  name: string;
  /** Request hooks that must run before every route (installed before the routes are declared). */
  install?(http: FastifyInstance): void;
  /** Declares the module's routes. */
  routes?(host: ModuleHost): void;
  jobs?: readonly JobHandler<never>[];
  /** Housekeeping the job runner does hourly or so (platform/jobs.ts: PeriodicTask). */
  periodic?: readonly PeriodicTask[];
  subscribers?: readonly Subscriber[];
  /** Demo data for a new store; seeders run in the order of the module list. */
  demo?: DemoSeeder;
  /** The ports (platform/ports.ts) this module implements for the modules below it. */
  ports?: Partial<Ports>;
}
