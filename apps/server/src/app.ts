import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, {
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { seedDemoJobs } from './db/demo-jobs.ts';
import { seedDemoData } from './db/demo-seed.ts';
import { seedReferenceData } from './db/seed.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { adminActivityRoutes } from './features/admin-activity/routes.ts';
import { adminAnalyticsRoutes } from './features/admin-analytics/routes.ts';
import { adminMoneyRoutes } from './features/admin-money/routes.ts';
import { adminUserRoutes } from './features/admin-users/routes.ts';
import { analyticsRoutes } from './features/analytics/routes.ts';
import { authJobs } from './features/auth/jobs.ts';
import { authRoutes } from './features/auth/routes.ts';
import { bookingPaymentJobs } from './features/booking-payments/jobs.ts';
import { bookingPaymentRoutes } from './features/booking-payments/routes.ts';
import { bookingJobs } from './features/bookings/jobs.ts';
import { bookingRoutes } from './features/bookings/routes.ts';
import { categoryRoutes } from './features/categories/routes.ts';
import { devClockRoutes } from './features/dev-clock/routes.ts';
import { devOutboxRoutes } from './features/dev-outbox/routes.ts';
import { devSmsOutboxRoutes } from './features/dev-outbox/sms-routes.ts';
import { adminDisputeRoutes } from './features/disputes/admin-routes.ts';
import { disputeRoutes } from './features/disputes/routes.ts';
import { enterpriseJobs } from './features/enterprise/jobs.ts';
import { enterpriseRoutes } from './features/enterprise/routes.ts';
import { favoriteRoutes } from './features/favorites/routes.ts';
import { fileRoutes } from './features/files/routes.ts';
import { frontendErrorRoutes } from './features/frontend-errors/routes.ts';
import { geocodingRoutes } from './features/geocoding/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { jobBoardJobs } from './features/jobs/jobs.ts';
import { jobRoutes } from './features/jobs/routes.ts';
import { locationRoutes } from './features/location/routes.ts';
import { messagingExtraRoutes } from './features/messaging/extras.ts';
import { messagingJobs } from './features/messaging/jobs.ts';
import { messagingRoutes } from './features/messaging/routes.ts';
import { notificationJobs } from './features/notifications/jobs.ts';
import { notificationRoutes } from './features/notifications/routes.ts';
import { onboardingRoutes } from './features/onboarding/routes.ts';
import { receiveWebhook } from './features/payments/index.ts';
import { paymentJobs } from './features/payments/jobs.ts';
import { paymentRoutes } from './features/payments/routes.ts';
import { payoutJobs } from './features/payouts/jobs.ts';
import { payoutRoutes } from './features/payouts/routes.ts';
import { profileRoutes } from './features/profile/routes.ts';
import { quoteJobs } from './features/quotes/jobs.ts';
import { quoteRoutes } from './features/quotes/routes.ts';
import { realtimeJobs } from './features/realtime/jobs.ts';
import { realtimeRoutes } from './features/realtime/routes.ts';
import { refundJobs } from './features/refunds/jobs.ts';
import { refundRoutes } from './features/refunds/routes.ts';
import { reviewJobs } from './features/reviews/jobs.ts';
import { reviewRoutes } from './features/reviews/routes.ts';
import { describedPages } from './features/search/described-pages.ts';
import { searchRoutes } from './features/search/routes.ts';
import { serviceRoutes } from './features/services/routes.ts';
import { subscriptionJobs } from './features/subscriptions/jobs.ts';
import { subscriptionRoutes } from './features/subscriptions/routes.ts';
import { adminVerificationRoutes } from './features/verification/admin-routes.ts';
import { verificationJobs } from './features/verification/jobs.ts';
import { verificationRoutes } from './features/verification/routes.ts';
import { waitlistJobs } from './features/waitlist/jobs.ts';
import { waitlistRoutes } from './features/waitlist/routes.ts';
import { sessionCookiePlugin } from './kernel/http/session.ts';
import { createPaymentGateways } from './kernel/payments/gateways.ts';
import { backfillProfileScores } from './kernel/profile-scores.ts';
import { createLimitStore, routeLimitStore, scheduleLimitPruning } from './lib/limits/index.ts';
import { createSmsGateway } from './lib/sms/index.ts';
import { accessPlugin } from './plugins/access.ts';
import { createAuth, resolveAuthSecret } from './plugins/auth.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { createJobQueue, registerFeatureJobs } from './plugins/jobs.ts';
import { loadSheddingPlugin } from './plugins/load-shedding.ts';
import { createMailer } from './plugins/mail.ts';
import { originCheckPlugin } from './plugins/origin-check.ts';
import { homeTarget, pageGuardPlugin } from './plugins/page-guard.ts';
import { originForm } from './plugins/request-target.ts';
import { helmetOptions } from './plugins/security.ts';
import { createStorage } from './plugins/storage.ts';
import { isBuiltFileRequest, webPlugin } from './plugins/web.ts';
import type { App } from './types.ts';

export interface BuildOptions {
  /** Use this database instead of opening one from the config (tests). It is closed with the app. */
  database?: Database;
  /** Logger options; tests pass false. */
  logger?: FastifyServerOptions['logger'];
}

export function loggerFor(config: AppConfig): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.confirmPassword'],
    ...(config.env === 'development'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
          },
        }
      : {}),
  };
}

/** The one log line of a request. The query string is left out: it may carry tokens or emails. */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const status = reply.statusCode;
    // request.log carries reqId already.
    const line = {
      method: request.method,
      path: request.url.split('?')[0],
      status,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 200),
      ...(error ? { err: error } : {}),
    };
    if (status >= 500 || error) request.log.warn(line, 'request');
    else request.log.info(line, 'request');
  }
}

/** Builds the whole app from a config: the same app in main.ts and in the tests. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: options.logger ?? loggerFor(config),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    // An absolute-form target (`GET http://host/api/…`, RFC 9112 3.2.2) is routed by its path, and
    // every hook, limit and log line decides on that path too (issue 29).
    rewriteUrl: (req) => originForm(req.url ?? '/'),
    // One line per request, not Fastify's "incoming request" + "request completed".
    logController: new OneLinePerRequest(),
    bodyLimit: 256 * 1024,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const database = options.database ?? (await openDatabase(config));
  let closed = false;
  let secret: string;
  try {
    await database.migrate();
    await seedReferenceData(database);
    if (config.seedDemo) {
      await seedDemoData(database);
      await seedDemoJobs(database);
    }
    await backfillProfileScores(database.db);
    secret = await resolveAuthSecret(database, config.authSecret);
  } catch (error) {
    await database.close();
    throw error;
  }
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, database, log: app.log });
  const jobs = createJobQueue({ database, log: app.log, runWorkers: config.runJobs });
  const limits = createLimitStore({ redisUrl: config.redisUrl, database, log: app.log });
  const sms = createSmsGateway(config.sms, { log: app.log, env: config.env });
  const auth = createAuth({ config, database, jobs, limits, log: app.log, secret, sms });
  const storage = createStorage(config, secret);
  // The sandbox delivers its signed webhooks into the same intake as the real gateways'.
  const payments = createPaymentGateways(config, {
    database,
    secret,
    deliver: async (rawBody, headers) => {
      await receiveWebhook(app.deps, 'sandbox', rawBody, headers);
    },
  });
  app.decorate('deps', {
    config,
    database,
    jobs,
    mailer,
    storage,
    auth,
    limits,
    payments,
    sms,
    log: app.log,
  });
  await scheduleLimitPruning(jobs, limits);
  // Every feature's background work, in one place (workers run after app.ready, in jobs.start).
  for (const featureJobs of [
    authJobs,
    bookingJobs,
    bookingPaymentJobs,
    enterpriseJobs,
    jobBoardJobs,
    messagingJobs,
    notificationJobs,
    paymentJobs,
    payoutJobs,
    quoteJobs,
    realtimeJobs,
    refundJobs,
    reviewJobs,
    subscriptionJobs,
    verificationJobs,
    waitlistJobs,
  ]) {
    await registerFeatureJobs(jobs, app.deps, featureJobs);
  }

  app.addHook('onClose', async () => {
    if (closed) return;
    closed = true;
    await jobs.stop();
    mailer.close();
    await limits.close();
    await database.close();
  });

  await app.register(errorsPlugin);
  // First of the hooks: a saturated server refuses at once, before any session lookup.
  await app.register(loadSheddingPlugin, {
    database,
    maxDelayMs: config.shedding.maxDelayMs,
    maxPoolWaiting: config.shedding.maxPoolWaiting,
    // The health check answers whatever the load (an orchestrator restarting a busy server would
    // only make it worse); the build's files are cheap.
    exempt: (request) => request.routeOptions.url === '/api/health' || isBuiltFileRequest(request),
  });
  await app.register(sessionCookiePlugin);
  // Before any route: every /api/ route declares its access, checked before its body is read.
  await app.register(accessPlugin);
  await app.register(helmet, helmetOptions(config));
  await app.register(originCheckPlugin, { config });
  await app.register(inputGuardPlugin);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(rateLimit, {
    // RATE_LIMIT_PER_MINUTE=0 lifts the overall limit (load tests); per-route limits stay.
    global: config.rateLimitPerMinute > 0,
    max: config.rateLimitPerMinute || 300,
    // The API and the pages (server-rendered ones cost as much as the API calls they make) are
    // counted; the web build's files are cheap and cached (issue 29).
    allowList: (request) => isBuiltFileRequest(request),
    timeWindow: '1 minute',
    // The overall limit stays in memory; each route's own limit is counted in deps.limits.
    store: routeLimitStore(limits),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: {
        code: 'RATE_LIMITED',
        message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      },
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Adwuma API', version: '0.1.0', description: 'The API behind the Adwuma marketplace.' },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs', { schema: { hide: true }, config: { access: 'public' } }, async () => app.swagger());

  await app.register(healthRoutes);
  await app.register(waitlistRoutes);
  await app.register(analyticsRoutes);
  await app.register(enterpriseRoutes);
  await app.register(frontendErrorRoutes);
  await app.register(categoryRoutes);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(onboardingRoutes);
  await app.register(locationRoutes);
  await app.register(geocodingRoutes);
  await app.register(adminRoutes);
  await app.register(adminMoneyRoutes);
  await app.register(adminActivityRoutes);
  await app.register(adminUserRoutes);
  await app.register(adminAnalyticsRoutes);
  await app.register(serviceRoutes);
  await app.register(searchRoutes);
  await app.register(favoriteRoutes);
  await app.register(fileRoutes);
  await app.register(verificationRoutes);
  await app.register(adminVerificationRoutes);
  await app.register(notificationRoutes);
  await app.register(jobRoutes);
  await app.register(quoteRoutes);
  await app.register(bookingRoutes);
  await app.register(bookingPaymentRoutes);
  await app.register(reviewRoutes);
  await app.register(disputeRoutes);
  await app.register(adminDisputeRoutes);
  await app.register(realtimeRoutes);
  await app.register(messagingRoutes);
  await app.register(messagingExtraRoutes);
  await app.register(subscriptionRoutes);
  await app.register(payoutRoutes);
  await app.register(paymentRoutes);
  await app.register(refundRoutes);
  // Reset links in plain sight: only on explicit request, never in production (admins: /admin/outbox).
  if (config.devOutbox && config.env !== 'production' && mailer.transport === 'outbox') {
    await app.register(devOutboxRoutes);
  }
  // Sign-in codes in plain sight (issue 21): the same rule, while SMS go to the dev outbox.
  if (config.devOutbox && config.env !== 'production' && sms.name === 'outbox') {
    await app.register(devSmsOutboxRoutes);
  }
  // The money jobs at any date, for the browser tests: only on explicit request, never in production.
  if (config.devClock && config.env !== 'production') {
    await app.register(devClockRoutes);
  }

  // Spec 2 "/" (decision 021), decided here before any script: no user goes to /auth; admins to
  // /admin; a provider the gate stops (provider view, onboarding to finish) to /onboarding/{step};
  // everyone else to /dashboard.
  app.get('/', { schema: { hide: true } }, async (request, reply) =>
    reply.header('cache-control', 'private, no-store').redirect(await homeTarget(request), 302),
  );
  // The protected pages' server-side guard (issue 30): before the web plugin answers any page.
  await app.register(pageGuardPlugin);
  await app.register(webPlugin, {
    distDir: config.webDistDir,
    pages: describedPages(database.db, config.publicUrl),
    mapTileUrl: config.mapTileUrl,
    publicUrl: config.publicUrl,
  });

  await app.ready();
  await jobs.start();
  return app;
}
