import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import type { PaymentGateways } from './kernel/payments/gateways.ts';
import type { LimitStore } from './lib/limits/index.ts';
import type { SmsGateway } from './lib/sms/index.ts';
import type { Access, AccessMessages } from './plugins/access.ts';
import type { Auth } from './plugins/auth.ts';
import type { JobQueue } from './plugins/jobs.ts';
import type { Mailer } from './plugins/mail.ts';
import type { FileStore } from './plugins/storage.ts';

/** The app with zod route schemas. Feature route plugins take this. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every service needs: the database, the job queue, mail, file storage, auth and config. */
export interface Deps {
  config: AppConfig;
  database: Database;
  auth: Auth;
  jobs: JobQueue;
  mailer: Mailer;
  storage: FileStore;
  /** Every rate limit and quota window, shared by all servers (database or Redis). */
  limits: LimitStore;
  /** The payment gateways configured here (Stripe, Paystack, the TEST MODE sandbox). */
  payments: PaymentGateways;
  /** Where SMS go (dev outbox or Africa's Talking); send through `sendSms` from lib/sms. */
  sms: SmsGateway;
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
  interface FastifyContextConfig {
    /** Who may call the route, checked before parsing and validation (plugins/access.ts). Every /api/ route declares it. */
    access?: Access;
    /** The route's own wording for the access refusals. */
    accessMessages?: AccessMessages;
  }
}
