import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TConfig } from './config.ts';
import type { TDb } from './db/database.ts';
import type { TListen } from './db/notifications.ts';
import { lazyChildLoggerFactory } from './lib/lazy-child-logger.ts';
import { serializeRequest } from './lib/log-redaction.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerTextInput } from './plugins/text-input.ts';
import { registerPathReach } from './plugins/path-reach.ts';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './plugins/error-handler.ts';
import { languagePlugin } from './plugins/language.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerTenancy } from './plugins/tenancy.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { companyRoutes } from './modules/company/routes.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { oauthRoutes } from './modules/oauth/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { salesNetworkRoutes } from './modules/sales-network/routes.ts';
import { signUpRoutes } from './modules/signup/routes.ts';
import { lookupRoutes } from './modules/lookups/routes.ts';
import { CitiesStore } from './modules/lookups/lookups-data.ts';
import { contractRoutes } from './modules/contracts/routes.ts';
import { advisorRoutes } from './modules/advisor/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { CONTRACT_OWNERS_CHANNEL, DashboardCache } from './modules/dashboard/dashboard-cache.ts';
import { productRoutes } from './modules/products/routes.ts';
import { paymentPreferenceRoutes } from './modules/payment-preferences/routes.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { emailChangeRoutes } from './modules/account/email-change-routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { notificationStreamRoutes } from './modules/notifications/stream-routes.ts';
import { NotificationStreamHub } from './modules/notifications/stream-hub.ts';
import { registerMetrics } from './modules/metrics/routes.ts';
import type { TMetrics } from './modules/metrics/service.ts';
import type { TPoolStats } from './db/pool-stats.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { ledgerRoutes } from './modules/ledger/routes.ts';
// The KC market (issue 18, helper market-api).
import { marketRoutes } from './modules/market/routes.ts';
import { marketPayoutRoutes } from './modules/market/payouts-routes.ts';
import { createMarketExpiryJob, type TMarketExpiryJob } from './modules/market/expiry-job.ts';
import { assertUnitsCoverOffers } from './modules/market/service.ts';
import type { TUnitsLoweredGuard } from './modules/ledger/service.ts';
// Investor protection (issue 16, helper kis).
import { investorProtectionRoutes, keyInfoSheetRoutes } from './modules/investor-protection/routes.ts';
// Consent records (issue 16, part consents).
import { consentRoutes } from './modules/consents/routes.ts';
// Personal data export (issue 16, part export).
import { privacyExportRoutes } from './modules/privacy/export-routes.ts';
// Documents and exports (issue 15, part "documents").
import { documentsRoutes } from './modules/documents/routes.ts';
// Income (issue 15, part income).
import { incomeRoutes } from './modules/income/routes.ts';
// Properties and plantations (issue 15, part assets).
import { assetsRoutes } from './modules/assets/routes.ts';
import { assetImageRoutes } from './modules/assets/image-routes.ts';
// Bank statement imports (issue 15, helper imports).
import { bankStatementRoutes } from './modules/bank-statements/routes.ts';
import { createMailer, type TMailer } from './modules/mail/mailer.ts';
import { leadRoutes } from './modules/leads/routes.ts';
import { createLeadExpiryJob, type TLeadExpiryJob } from './modules/leads/expiry-job.ts';
import { folderTransport, smtpTransport, type TMailTransport } from './modules/mail/transport.ts';
// Jobs board (issue 17, slice jobs).
import { jobsRoutes } from './modules/jobs/routes.ts';
import { createJobsRetentionJob, type TJobsRetentionJob } from './modules/jobs/retention-job.ts';
// Strong authentication (issue 18, helper sa-server).
import { strongAuthRoutes } from './modules/strong-auth/routes.ts';
// Passkeys (issue 18, helper passkeys).
import { passkeyRoutes } from './modules/strong-auth/passkeys-routes.ts';
import { databaseLoginLimiter, redisLoginLimiter, type TLoginLimiter } from './modules/oauth/login-limiter.ts';
// Personal data: erasure and retention (issue 16, helper erasure).
import { erasureRoutes } from './modules/privacy/erasure-routes.ts';
import { createPrivacyRetentionJob, type TPrivacyRetentionJob } from './modules/privacy/retention-job.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: TDb;
    config: TConfig;
    mailer: TMailer;
    dashboardCache: DashboardCache;
    notificationStreams: NotificationStreamHub;
    metrics: TMetrics;
    cities: CitiesStore;
    leadExpiryJob: TLeadExpiryJob;
    /** Jobs board (issue 17): expired offers closed, old applications anonymised. */
    jobsRetentionJob: TJobsRetentionJob;
    /** Personal data (issue 16): people blocked, kept records erased when their period ends. */
    privacyRetentionJob: TPrivacyRetentionJob;
    marketExpiryJob: TMarketExpiryJob;
    /** Failed logins and wrong second-factor codes, counted together (database or Redis). */
    loginLimiter: TLoginLimiter;
    /** The ledger's reversals ask it before units leave contracts: the market's check (decision 0035). */
    unitsLoweredGuard: TUnitsLoweredGuard;
  }
}

export interface TAppDeps {
  config: TConfig;
  db: TDb;
  /** LISTEN on the database (TDatabase.listen); without it the dashboard cache stays off. */
  listen?: TListen;
  /** Tests pass their own transport; otherwise SMTP when SMTP_URL is set, else the mail folder. */
  mailTransport?: TMailTransport;
  /** The database connections in use, idle and waited for (TDatabase.poolStats), for the metrics. */
  poolStats?: () => TPoolStats;
  /** Where structured logs go (tests capture them); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /** Closes the database once everything that uses it (requests, mail worker, LISTEN) has stopped. */
  closeDatabase?: () => Promise<void>;
}

/**
 * Secret fields of bodies and answers: redacted at the top level, one level down (pino's `*` is one
 * level) and under a logged request's body. No wildcard two levels down: it would make pino copy
 * every logged object two levels deep on every line.
 */
const SECRET_FIELDS = ['currentPassword', 'newPassword', 'mfa_token', 'recovery_code', 'recoveryCode', 'refresh_token'];

/**
 * Fields that never reach a log line, wherever they appear. `code` (a TOTP code in a body or a
 * query) only under `body`/`query`: elsewhere it is an error's code, which the logs need.
 * Secrets in a URL are masked by the `req` serializer (lib/log-redaction.ts).
 */
export const REDACTED_PATHS = [
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `request.body.${field}`, `req.body.${field}`]),
  'body.code',
  '*.body.code',
  'query.code',
  '*.query.code',
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.repeatPassword',
  '*.creditCard',
  '*.ccv',
  '*.token',
  '*.access_token',
  '*.client_secret',
  '*.authorization',
  'body.password',
  'body.creditCard',
  'body.ccv',
];

const defaultWebDir = () =>
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/build/client');

/** TRUST_PROXY → Fastify's trustProxy: none by default, so a client cannot fake its address. */
function parseTrustProxy(value: string | undefined): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',').map((v) => v.trim()).filter(Boolean);
}

/** Builds the whole API (conventions, 7): plugins, then modules. It never listens. */
export async function buildApp(deps: TAppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      // Tokens in a URL's path or query (the sign-up link's, the stream's ticket): masked in every line.
      serializers: { req: serializeRequest },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    bodyLimit: 64 * 1024,
    trustProxy: parseTrustProxy(config.TRUST_PROXY),
    // A request's pino child is made on its first log line, not for every request.
    childLoggerFactory: lazyChildLoggerFactory,
    genReqId: () => crypto.randomUUID(),
    // While closing, a request that arrives on a connection accepted before the close is still
    // answered (with Connection: close, below) rather than refused with 503: a load balancer has
    // already handed it to this instance and would pass the 503 on to the client.
    return503OnClosing: false,
    requestIdHeader: false,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  // Graceful shutdown (server.ts): once closing, every answer ends its keep-alive connection, so
  // the server closes as soon as the requests in flight are answered instead of waiting for idle
  // keep-alive connections to time out; new connections are refused by then.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  const instanceId = config.INSTANCE_ID;
  if (instanceId) {
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('x-served-by', instanceId);
      done();
    });
  }

  app.setValidatorCompiler(validatorCompiler);
  // Requests are validated by zod; responses written by fast-json-stringify from the same zod
  // schemas, checked against zod outside production (lib/response-serializer.ts).
  app.setSerializerCompiler(responseSerializerCompiler({ check: config.NODE_ENV !== 'production' }));
  // Fastify runs onClose hooks last-registered first: registered before every other, the
  // database closes after the mail worker has finished its pass and LISTEN has stopped.
  if (deps.closeDatabase) app.addHook('onClose', deps.closeDatabase);
  app.decorate('db', deps.db);
  app.decorate('config', config);
  app.decorate('cities', new CitiesStore(config.dataDir));
  const transport =
    deps.mailTransport ??
    (config.SMTP_URL
      ? smtpTransport(config.SMTP_URL)
      : folderTransport(path.join(config.dataDir, 'mail'), app.log, { logLinks: config.NODE_ENV !== 'production' }));
  const mailer = createMailer({ db: deps.db, transport, from: config.MAIL_FROM, pollMs: config.MAIL_POLL_MS, log: app.log });
  app.decorate('mailer', mailer);
  app.addHook('onReady', async () => mailer.start());
  app.addHook('onClose', async () => mailer.stop());
  // The reservations' expiry job (issue 14): every instance runs it; leases make each lead handled once.
  const leadExpiryJob = createLeadExpiryJob({ db: deps.db, pollMs: config.LEADS_JOB_POLL_MS, log: app.log });
  app.decorate('leadExpiryJob', leadExpiryJob);
  app.addHook('onReady', async () => leadExpiryJob.start());
  app.addHook('onClose', async () => leadExpiryJob.stop());
  // Jobs board (issue 17, slice jobs): every instance runs it; leases make each row handled once.
  const jobsRetentionJob = createJobsRetentionJob({ db: deps.db, pollMs: config.JOBS_JOB_POLL_MS, log: app.log });
  app.decorate('jobsRetentionJob', jobsRetentionJob);
  app.addHook('onReady', async () => jobsRetentionJob.start());
  app.addHook('onClose', async () => jobsRetentionJob.stop());
  // Personal data (issue 16, helper erasure): every instance runs it; leases make each person handled once.
  const privacyRetentionJob = createPrivacyRetentionJob({ db: deps.db, pollMs: config.PRIVACY_JOB_POLL_MS, log: app.log });
  app.decorate('privacyRetentionJob', privacyRetentionJob);
  app.addHook('onReady', async () => privacyRetentionJob.start());
  app.addHook('onClose', async () => privacyRetentionJob.stop());
  // The KC market (issue 18): offers past their validity expire; every instance runs it, leases make each offer handled once.
  const marketExpiryJob = createMarketExpiryJob({ db: deps.db, mailer, publicUrl: config.PUBLIC_URL, pollMs: config.MARKET_JOB_POLL_MS, log: app.log });
  app.decorate('marketExpiryJob', marketExpiryJob);
  app.addHook('onReady', async () => marketExpiryJob.start());
  app.addHook('onClose', async () => marketExpiryJob.stop());

  // Wrong passwords and wrong second-factor codes share one limiter (issue 18), shared by every instance.
  const loginLimiter = config.REDIS_URL ? redisLoginLimiter(config.REDIS_URL) : databaseLoginLimiter(deps.db);
  app.decorate('loginLimiter', loginLimiter);
  app.decorate('unitsLoweredGuard', assertUnitsCoverOffers satisfies TUnitsLoweredGuard);
  app.addHook('onClose', async () => loginLimiter.close());

  // Dashboard answers kept coherent by the contracts' change notifications (decision 0009).
  const dashboardCache = new DashboardCache(deps.listen ? config.DASHBOARD_CACHE_MS : 0, app.log);
  app.decorate('dashboardCache', dashboardCache);
  const listen = deps.listen;
  if (listen && dashboardCache.ttlMs > 0) {
    // Listening starts once the app is ready (nothing to leak if building it fails).
    let unlisten: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      unlisten = await listen(CONTRACT_OWNERS_CHANNEL, dashboardCache.handlers);
    });
    app.addHook('onClose', async () => unlisten?.());
  }

  // Open notification streams, woken by the database's notifications (docs/decisions/0011).
  const notificationStreams = new NotificationStreamHub({
    db: deps.db,
    listen: deps.listen,
    log: app.log,
    heartbeatMs: config.NOTIFICATIONS_HEARTBEAT_MS,
    maxBufferBytes: config.NOTIFICATIONS_STREAM_BUFFER_BYTES,
  });
  app.decorate('notificationStreams', notificationStreams);
  app.addHook('onReady', async () => notificationStreams.start());
  // Before the server stops accepting: open streams would keep it from closing.
  app.addHook('preClose', async () => notificationStreams.stop());

  await app.register(languagePlugin);
  registerErrorHandling(app);
  // Before every route, so that its hook counts them all.
  const metrics = await registerMetrics(app, {
    ...(deps.poolStats ? { pool: deps.poolStats } : {}),
    mail: mailer.stats,
    mailBacklog: () => mailer.backlog(),
    dashboardCache,
    onSourceError: (source, error) => app.log.warn({ err: error, source }, 'metrics: a source could not be read; its samples are left out'),
  });
  app.decorate('metrics', metrics);
  await registerSecurity(app, config.NODE_ENV === 'production');
  registerTextInput(app);
  // Production serves no API map unless API_DOCS says so: an unknown path's 404 answers instead.
  if (config.apiDocs) await registerOpenApi(app);

  // Routes that need no company.
  await app.register(healthRoutes, { prefix: '/api' });
  // The notification stream reads its company from its ticket (EventSource sends no headers).
  await app.register(notificationStreamRoutes, { prefix: '/api' });
  // Uploaded asset photos (issue 15, part assets): an <img> sends no company-id, the address carries it.
  await app.register(assetImageRoutes, { prefix: '/api' });
  // Key information sheets as PDF (issue 16, helper kis): the same for every company; a plain link opens them.
  await app.register(keyInfoSheetRoutes, { prefix: '/api' });
  // OAuth 2 (RFC 6749/7009) outside /api: its own error shape; it reads company-id itself.
  await app.register(oauthRoutes);

  // Tenant routes: every one of them needs a known company-id.
  await app.register(
    async (tenant) => {
      registerTenancy(tenant);
      registerAuth(tenant);
      registerPathReach(tenant);
      await tenant.register(companyRoutes);
      await tenant.register(userRoutes);
      await tenant.register(signUpRoutes);
      await tenant.register(lookupRoutes);
      await tenant.register(contactRoutes);
      await tenant.register(productRoutes);
      await tenant.register(dashboardRoutes);
      await tenant.register(contractRoutes);
      await tenant.register(paymentPreferenceRoutes);
      await tenant.register(salesNetworkRoutes);
      await tenant.register(accountRoutes);
      await tenant.register(emailChangeRoutes);
      await tenant.register(notificationRoutes);
      await tenant.register(auditRoutes);
      await tenant.register(leadRoutes);
      await tenant.register(advisorRoutes);
      await tenant.register(ledgerRoutes);
      // The KC market (issue 18, helper market-api).
      await tenant.register(marketRoutes);
      await tenant.register(marketPayoutRoutes);
      // Documents and exports (issue 15, part "documents").
      await tenant.register(documentsRoutes);
      // Income (issue 15, part income).
      await tenant.register(incomeRoutes);
      // Jobs board (issue 17, slice jobs).
      await tenant.register(jobsRoutes);
      // Properties and plantations (issue 15, part assets).
      await tenant.register(assetsRoutes);
      // Bank statement imports (issue 15, helper imports).
      await tenant.register(bankStatementRoutes);
      // Investor protection (issue 16, helper kis).
      await tenant.register(investorProtectionRoutes);
      // Consent records (issue 16, part consents).
      await tenant.register(consentRoutes);
      // Personal data export (issue 16, part export).
      await tenant.register(privacyExportRoutes);
      // Personal data: erasure (issue 16, helper erasure).
      await tenant.register(erasureRoutes);
      // Strong authentication (issue 18, helper sa-server).
      await tenant.register(strongAuthRoutes);
      // Passkeys (issue 18, helper passkeys).
      await tenant.register(passkeyRoutes);
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, config.WEB_DIR ? path.resolve(config.WEB_DIR) : defaultWebDir());
  return app;
}
