import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import pino from 'pino';
import { createCallerResolver, type TokenVerifier } from './platform/auth.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import type { Config } from './platform/config.ts';
import type { Ctx } from './platform/context.ts';
import type { DbHandle } from './platform/db/connect.ts';
import { deliverEventJob, type Subscriber } from './platform/events.ts';
import { frameworkError, installErrorHandling } from './platform/http/error-handler.ts';
import { decodeQuery } from './platform/http/querystring.ts';
import { createRouter, type Router } from './platform/http/route.ts';
import { appDist, serveApp } from './platform/http/static.ts';
import { newId } from './platform/ids.ts';
import { createJobRunner, type JobHandler, type JobRunner } from './platform/jobs.ts';
import { createMailer, sendMailJob } from './platform/mail.ts';
import type { Services } from './platform/services.ts';
import { seedSettingsDemo } from './modules/settings/demo.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import type { DemoSeeder } from './platform/demo.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { installCors } from './modules/oauth/cors.ts';
import { oauthRoutes } from './modules/oauth/routes.ts';
import { createOAuth, type OAuthRuntime } from './modules/oauth/service.ts';
import { redirectsRoutes } from './modules/redirects/routes.ts';
import { identityRoutes } from './modules/identity/routes.ts';
import { membersRoutes } from './modules/members/routes.ts';
import { memberActionRoutes } from './modules/members/routes-actions.ts';
import { memberBulkJob } from './modules/members/bulk.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { catalogV1Routes } from './modules/catalog/v1-routes.ts';
import { seedCatalogDemo } from './modules/catalog/demo.ts';
import { discountsRoutes } from './modules/discounts/routes.ts';
import { giftCardsRoutes } from './modules/gift-cards/routes.ts';
import { shippingRoutes } from './modules/shipping/routes.ts';
import { taxRoutes } from './modules/tax/routes.ts';
import { seedDiscountsDemo } from './modules/discounts/demo.ts';
import { seedGiftCardsDemo } from './modules/gift-cards/demo.ts';
import { seedShippingDemo } from './modules/shipping/demo.ts';
import { seedTaxDemo } from './modules/tax/demo.ts';
import { idempotencyCleanupJob, installIdempotency } from './platform/http/idempotency.ts';
import { paymentsRoutes } from './modules/payments/routes.ts';
import { scheduledActionJob } from './modules/payments/pay.ts';
import { captureOnFulfillmentSubscriber } from './modules/payments/capture-on-fulfillment.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { checkoutRoutes } from './modules/checkout/routes.ts';
import { ordersRoutes } from './modules/orders/routes.ts';
import { cancelUnpaidOrderJob } from './modules/orders/cancel.ts';
import { hostedCheckoutRoutes } from './modules/hosted-checkout/routes.ts';
import { serveStorefront } from './modules/storefront/serve.ts';
import type { Module } from './platform/module.ts';
import { mediaModule } from './modules/media/index.ts';

/** Modules in the new shape (one face, `index.ts`): routes, jobs and subscribers in one value each. */
const modules: readonly Module[] = [mediaModule];

export const VERSION = '0.1.0';

export interface AppOptions {
  config: Config;
  database: DbHandle;
  clock?: Clock;
  logger?: Logger;
  verifyToken?: TokenVerifier;
  /** Extra in-process event subscribers (webhooks and e-mails register theirs here), besides the modules' own. */
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

  http.addHook('onRequest', async (req, reply) => {
    reply.header('x-wix-request-id', req.id);
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
  installCors(http, oauth.origins);

  const services: Services = {
    resolveCaller: createCallerResolver({
      db: database.db,
      configuredAdminKey: config.ADMIN_API_KEY,
      verifyToken: o.verifyToken ?? oauth.verifyAccessToken,
    }),
    subscribers: new Map(
      [
        captureOnFulfillmentSubscriber,
        ...modules.flatMap((m) => m.subscribers ?? []),
        ...(o.subscribers ?? []),
      ].map((s) => [s.name, s]),
    ),
    jobHandlers: new Map(
      [
        deliverEventJob,
        sendMailJob,
        memberBulkJob,
        idempotencyCleanupJob,
        scheduledActionJob,
        cancelUnpaidOrderJob,
        ...modules.flatMap((m) => m.jobs ?? []),
        ...(o.jobHandlers ?? []),
      ].map((h) => [h.name, h as JobHandler<never>]),
    ),
    mailer: createMailer(config.SMTP_URL),
    kickJobs: () => jobs.kick(),
  };
  const base = { db: database.db, clock, config, services };
  const systemCtx = (): Ctx => ({
    ...base,
    caller: { role: 'admin', appId: 'vitrine' },
    requestId: newId(),
    log: logger as FastifyBaseLogger,
  });
  const jobs: JobRunner = createJobRunner({
    db: database.db,
    clock,
    pollMs: config.JOB_POLL_MS,
    ctx: systemCtx,
  });

  installIdempotency(http, { db: database.db, clock, services });
  const router = createRouter(http, async (req) => ({
    ...base,
    caller: await services.resolveCaller(req.headers.authorization),
    requestId: String(req.id),
    log: req.log,
  }));

  systemRoutes(router, { database, version: VERSION, publicUrl: config.PUBLIC_URL });
  settingsRoutes(router);
  oauthRoutes(router, oauth);
  redirectsRoutes(router, oauth);
  identityRoutes(router);
  membersRoutes(router);
  memberActionRoutes(router);
  catalogRoutes(router);
  catalogV1Routes(router);
  discountsRoutes(router);
  giftCardsRoutes(router);
  shippingRoutes(router);
  taxRoutes(router);
  paymentsRoutes(router);
  cartRoutes(router);
  checkoutRoutes(router);
  ordersRoutes(router);
  hostedCheckoutRoutes(router, oauth);
  for (const m of modules) m.routes?.(router, http, config);
  serveApp(http, { prefix: '/auth/', dir: appDist('hosted'), name: 'sign-in pages', alsoAt: ['/checkout'] });
  serveStorefront(http, { config, clientId: () => oauth.instance?.oauthClientId });

  return {
    http,
    services,
    jobs,
    router,
    oauth,
    systemCtx,
    demoSeeders: [
      seedSettingsDemo,
      seedCatalogDemo,
      seedShippingDemo,
      seedTaxDemo,
      seedDiscountsDemo,
      seedGiftCardsDemo,
    ],
  };
}
