import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { DemoSeeder } from './demo.ts';
import type { Subscriber } from './events.ts';
import type { Router } from './http/route.ts';
import type { JobHandler } from './jobs.ts';

/** What a domain module's face (`modules/<domain>/index.ts`) hands `app.ts`: routes, jobs, subscribers, demo data. */
export interface Module {
  name: string;
  /** Registers the module's routes: through `router` (JSON APIs), or on `http` for raw bodies and streams. */
  routes?(router: Router, http: FastifyInstance, config: Config): void;
  jobs?: readonly JobHandler<never>[];
  subscribers?: readonly Subscriber[];
  demo?: DemoSeeder;
}
