import { APP_ID } from '@vitrine/contract';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import pino from 'pino';
import { createCallerResolver, createRequestResolver, type TokenVerifier } from './platform/auth.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import type { Config } from './platform/config.ts';
import type { Ctx } from './platform/context.ts';
import type { DbHandle } from './platform/db/connect.ts';
import { deliverEventJob, purgeEvents, type Subscriber } from './platform/events.ts';
import { frameworkError, installErrorHandling } from './platform/http/error-handler.ts';
import { decodeQuery } from './platform/http/querystring.ts';
import { createRouter, type Router } from './platform/http/route.ts';
import { appDist, serveApp } from './platform/http/static.ts';
import { newId } from './platform/ids.ts';
import { createJobRunner, purgeFinishedJobs, type JobHandler, type JobRunner } from './platform/jobs.ts';
import { createMailer, purgeOldMail, sendMailJob } from './platform/mail.ts';
import type { Services } from './platform/services.ts';
import type { DemoSeeder } from './platform/demo.ts';
import { idempotencyCleanupJob, installIdempotency } from './platform/http/idempotency.ts';
import type { ModuleHost, ServerModule } from './platform/module.ts';
import type { Ports } from './platform/ports.ts';
import { cartModule } from './modules/cart/index.ts';
import { catalogModule } from './modules/catalog/index.ts';
import { checkoutModule } from './modules/checkout/index.ts';
import { discountsModule } from './modules/discounts/index.ts';
import { giftCardsModule } from './modules/gift-cards/index.ts';
import { hostedCheckoutModule } from './modules/hosted-checkout/index.ts';
import { identityModule } from './modules/identity/index.ts';
import { membersModule } from './modules/members/index.ts';
import { createOAuth, oauthModule, type OAuthRuntime } from './modules/oauth/index.ts';
import { ordersModule } from './modules/orders/index.ts';
import { paymentsModule } from './modules/payments/index.ts';
import { redirectsModule } from './modules/redirects/index.ts';
import { settingsModule } from './modules/settings/index.ts';
import { shippingModule } from './modules/shipping/index.ts';
import { storefrontModule } from './modules/storefront/index.ts';
import { systemModule } from './modules/system/index.ts';
import { taxModule } from './modules/tax/index.ts';
import { mediaModule } from './modules/media/index.ts';
import { reviewsModule } from './modules/reviews/index.ts';
import { staffModule } from './modules/staff/index.ts';
import { abandonedCheckoutsModule } from './modules/abandoned-checkouts/index.ts';
import { webhooksModule } from './modules/webhooks/index.ts';
import { backInStockModule } from './modules/back-in-stock/index.ts';
import { recommendationsModule } from './modules/recommendations/index.ts';
import { analyticsModule } from './modules/analytics/index.ts';

export const VERSION = '0.1.0';

export interface AppOptions {
  config: Config;
  database: DbHandle;
  clock?: Clock;
  logger?: Logger;
  verifyToken?: TokenVerifier;
  /** Extra in-process event subscribers (tests register theirs here), besides the modules' own. */
  subscribers?: Subscriber[];
  jobHandlers?: JobHandler<never>[];
}

export interface App {
  http: FastifyInstance;
  services: Services;
  jobs: JobRunner;
  router: Router;
  /** The OAuth server's keys and caches; `start.ts` sets it up after the instance is bootstrapped. */
  oauth: OAuthRuntime;
  /** A context for work outside a request (jobs, start-up, demo data). */
  systemCtx(): Ctx;
  /** Each module's demo data, in dependency order. */
  demoSeeders: readonly DemoSeeder[];
}

/** Builds the whole server: the one place that lists the modules. */
export function buildApp(o: AppOptions): App {
  const { config, database } = o;
  const clock = o.clock ?? systemClock;
  const logger = o.logger ?? pino({ level: config.LOG_LEVEL });
  const http = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    logController: new LogController({
      disableRequestLogging: config.LOG_LEVEL !== 'debug' && config.LOG_LEVEL !== 'trace',
    }),
    bodyLimit: config.BODY_LIMIT,
    // Fastify accepts a hop count at run time; its types omit it.
    trustProxy: config.TRUST_PROXY as boolean | string[],
    genReqId: () => newId(),
    requestIdHeader: false,
    routerOptions: { querystringParser: decodeQuery, ignoreTrailingSlash: true, maxParamLength: 500 },
    return503OnClosing: true,
    frameworkErrors: frameworkError,
  });

  // Hooks on every request are callback hooks with a synchronous common case: an async hook costs a
  // promise and a turn of the microtask queue per request, even when it has nothing to wait for.
  http.addHook('onRequest', (req, reply, done) => {
    reply.header('x-wix-request-id', req.id);
    done();
  });
  http.removeAllContentTypeParsers();
  http.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(
        Object.assign(new Error('malformed JSON'), {
          code: 'FST_ERR_CTP_INVALID_JSON_BODY',
          statusCode: 400,
        }),
        undefined,
      );
    }
  });
  installErrorHandling(http);
  const oauth = createOAuth({ db: database.db, clock, config });
  /** The modules, in dependency order (their demo data is seeded in this order). */
  const modules: ServerModule[] = [
    systemModule,
    settingsModule,
    oauthModule(oauth),
    redirectsModule(oauth),
    identityModule,
    membersModule,
    mediaModule,
    catalogModule,
    shippingModule,
    taxModule,
    discountsModule,
    giftCardsModule,
    paymentsModule,
    cartModule,
    checkoutModule,
    ordersModule,
    reviewsModule,
    backInStockModule,
    recommendationsModule,
    analyticsModule,
    staffModule,
    hostedCheckoutModule(oauth),
    abandonedCheckoutsModule,
    webhooksModule,
    storefrontModule(() => oauth.instance?.oauthClientId),
  ];
  for (const m of modules) m.install?.(http);

  const resolveCaller = createCallerResolver({
    db: database.db,
    configuredAdminKey: config.ADMIN_API_KEY,
    verifyToken: o.verifyToken ?? oauth.verifyAccessToken,
    now: () => clock.now().getTime(),
  });
  const services: Services = {
    resolveCaller,
    // A staff session cookie is looked up by the staff module, through its port.
    resolveRequest: createRequestResolver({
      resolveCaller,
      staffSession: (token) =>
        services.ports.staffSessions.session(
          {
            ...base,
            caller: { role: 'anonymous' },
            requestId: 'staff-session',
            log: logger as FastifyBaseLogger,
          },
          token,
        ),
    }),
    subscribers: new Map(
      [...modules.flatMap((m) => m.subscribers ?? []), ...(o.subscribers ?? [])].map((s) => [s.name, s]),
    ),
    jobHandlers: new Map(
      [
        deliverEventJob,
        sendMailJob,
        idempotencyCleanupJob,
        ...modules.flatMap((m) => m.jobs ?? []),
        ...(o.jobHandlers ?? []),
      ].map((h) => [h.name, h as JobHandler<never>]),
    ),
    mailer: createMailer(config.SMTP_URL),
    kickJobs: () => jobs.kick(),
    ports: portsOf(modules),
  };
  const base = { db: database.db, clock, config, services };
  const systemCtx = (): Ctx => ({
    ...base,
    caller: { role: 'admin', appId: APP_ID.vitrine },
    requestId: newId(),
    log: logger as FastifyBaseLogger,
  });
  const jobs: JobRunner = createJobRunner({
    db: database.db,
    clock,
    pollMs: config.JOB_POLL_MS,
    ctx: systemCtx,
    periodic: [purgeEvents, purgeFinishedJobs, purgeOldMail, ...modules.flatMap((m) => m.periodic ?? [])],
  });

  installIdempotency(http, { db: database.db, clock, services });
  // The context is built field by field: as an object spread of `base` it went straight to the old
  // generation (about 700 bytes a request, three times as many full collections: `npm run bench:heap`).
  const router = createRouter(http, async (req) => {
    const caller = await services.resolveRequest(req);
    return {
      db: base.db,
      clock: base.clock,
      config: base.config,
      services: base.services,
      caller,
      requestId: String(req.id),
      log: req.log,
    };
  });

  const host: ModuleHost = { http, router, config, database, version: VERSION };
  for (const m of modules) m.routes?.(host);
  serveApp(http, {
    prefix: '/auth/',
    dir: appDist('hosted'),
    name: 'sign-in pages',
    alsoAt: ['/checkout'],
    // The hosted checkout is a lazy chunk of the sign-in app: loaded with the entry, not after it.
    preload: { '/checkout': ['src/checkout/checkout-page.tsx', 'src/checkout/thank-you.tsx'] },
  });
  serveApp(http, { prefix: '/dashboard/', dir: appDist('dashboard'), name: 'dashboard pages' });

  return {
    http,
    services,
    jobs,
    router,
    oauth,
    systemCtx,
    demoSeeders: modules.flatMap((m) => (m.demo ? [m.demo] : [])),
  };
}

/** Every port (platform/ports.ts) from the one module that implements it. */
function portsOf(modules: readonly ServerModule[]): Ports {
  const ports: Partial<Ports> = {};
  for (const m of modules)
    for (const [name, port] of Object.entries(m.ports ?? {})) {
      if (name in ports) throw new Error(`port ${name} is implemented twice (again by ${m.name})`);
      Object.assign(ports, { [name]: port });
    }
  const missing = (['tokens', 'accounts', 'carts', 'checkoutLinks', 'staffSessions'] as const).filter(
    (k) => !ports[k],
  );
  if (missing.length) throw new Error(`no module implements the ports ${missing.join(', ')}`);
  return ports as Ports;
}
