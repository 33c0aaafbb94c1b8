// Builds the whole server (API, security headers, front-end files) without listening, so tests
// drive it through app.inject and server.ts adds only the listening and the signals.
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { DEFAULT_MAIL_FROM, REPO_ROOT, type Config } from './config';
import { createDb, type Db } from './db';
import { inTransaction } from './db/transaction';
import { createMailer } from './lib/mail';
import { AdminRepository, AdminService, adminRoutes } from './modules/admin';
import { AuthRepository, authRoutes, AuthService, RecoveryRepository, RecoveryService } from './modules/auth';
import { BulkService, CardsRepository, cardRoutes, CardsService, CURSOR_HEADER, TOTAL_HEADER } from './modules/cards';
import { CategoriesRepository, categoryRoutes, CategoriesService } from './modules/categories';
import { PresetsRepository, presetRoutes, PresetsService } from './modules/presets';
import { DashboardRepository, dashboardRoutes, DashboardService } from './modules/dashboard';
import {
  CircuitBreakers,
  ServiceTraffic,
  GatewayRepository,
  gatewayRoutes,
  ServiceIdentity,
  ServiceRegistry,
  serviceRoutes,
  SigningKeys,
} from './modules/gateway';
import {
  createEngagementServices,
  dailyBonusRoutes,
  gamificationRoutes,
  notificationRoutes,
  StreakFreezesRepository,
  tokenRoutes,
} from './modules/engagement';
import { ExperienceRepository } from './modules/experience';
import { HealthRepository, healthRoutes, HealthService } from './modules/health';
import { InsightsRepository, insightRoutes, InsightsService } from './modules/insights';
import { MediaRepository, MediaService, mediaRoutes } from './modules/media';
import { OptimizerRepository, OptimizerService, optimizerRoutes, type OptimizerWorkers } from './modules/optimizer';
import { createWorkloadService, workloadRoutes } from './modules/workload';
import { ApkgExporter, PackagesService, packageExportRoutes, packageRoutes } from './modules/packages';
import {
  DeployTokenService,
  PageHints,
  PlatformRepository,
  platformRoutes,
  PlatformService,
  releaseFileRoutes,
  resolveKernelVersion,
  resolveShellShared,
  syncBuiltinReleases,
} from './modules/platform';
import { SessionsRepository, sessionRoutes, SessionsService } from './modules/sessions';
import { SettingsRepository, SettingsService, settingsRoutes } from './modules/settings';
import { createSocialService, socialRoutes } from './modules/social';
import {
  createStudyServices,
  QueueRepository,
  ReviewRepository,
  SchedulerSettingsRepository,
  studyRoutes,
} from './modules/study';
import authPlugin from './plugins/auth';
import errorsPlugin from './plugins/errors';
import metricsPlugin from './plugins/metrics';
import queryValuesPlugin from './plugins/query-values';
import rateLimitPlugin from './plugins/rate-limit';
import securityPlugin from './plugins/security';
import staticPlugin from './plugins/static';
import textInputPlugin from './plugins/text-input';

export interface AppOverrides {
  /** Use this database instead of opening config.database; the caller then closes it. */
  db?: Db;
  /** The clock services and plugins read ("today", token expiry, caches, waits); tests pin or move it. */
  now?: () => Date;
  /** The FSRS optimizer's threads; tests may wrap them (to hold a fit while probing). */
  optimizerWorkers?: OptimizerWorkers;
  /** The study load balancer's draws in [0, 1); tests pin them. */
  random?: () => number;
}

const CLIENT_ERRORS: Record<number, string> = {
  400: 'The request is malformed',
  408: 'The request took too long to arrive',
  431: 'The request headers are too large',
};

/**
 * Requests Node's HTTP parser refuses before Fastify has a request (headers too large, too slow,
 * malformed) get the app's error shape too, `{ "error": ... }`, then the connection is closed.
 */
function replyToClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({ error: CLIENT_ERRORS[status] });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function buildApp(config: Config, overrides: AppOverrides = {}): FastifyInstance {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    // Every log line of a request carries its id (reqId). A per-process counter repeats on each
    // instance, so ids are UUIDs, or the load balancer's X-Request-Id when it sends a sane one,
    // and the answer says which (X-Request-Id), to find one request across instances' logs.
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request.headers['x-request-id']),
    // This API only takes small JSON bodies; a tight limit is a cheap defence.
    bodyLimit: 100 * 1024,
    // A body field its service checks itself lists the JSON types it lets through in one `type`
    // keyword (api-contract's `Checked`): a listed type is never coerced, unlike in an anyOf.
    // Scalars are coerced as Fastify does by default (the services' own messages rely on it), but
    // never arrays to or from scalars (Fastify's 'array' mode): ['a'] passed a nullable string
    // field's anyOf and reached a service as an array. `errorMessage` is the contract's message
    // for any wrong value of a field (plugins/errors.ts answers it); Ajv itself ignores it.
    ajv: { customOptions: { allowUnionTypes: true, coerceTypes: true, keywords: ['errorMessage'] } },
    // The router's own refusals (a malformed %-escape, an over-long path parameter) answer in
    // the app's error shape too, not Fastify's {error, code, message, statusCode}.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      // The reply here is typed for no route in particular; it is a plain reply.
      void (reply as FastifyReply)
        .code(tooLong ? 414 : 400)
        .send({ error: tooLong ? 'The address is too long' : 'The address is malformed' });
    },
    clientErrorHandler: replyToClientError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Graceful shutdown: the answers still being worked on when closing starts are sent with
  // `Connection: close`, so their kept-alive sockets end with them; otherwise the close waited
  // for each client's idle socket to time out (72 s) after its last answer.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  const db = overrides.db ?? createDb(config.database);
  if (!overrides.db) app.addHook('onClose', async () => db.destroy());
  const now = overrides.now ?? (() => new Date());

  // Cross-cutting plugins first: they decorate the instance the routes below rely on.
  app.register(errorsPlugin);
  app.register(textInputPlugin);
  app.register(queryValuesPlugin);
  app.register(securityPlugin, { devOverrides: config.platform.devOverrides });
  // The card list's paging headers must be readable by a screen served from another origin.
  app.register(cors, { origin: config.corsOrigins, exposedHeaders: [TOTAL_HEADER, CURSOR_HEADER] });
  app.register(rateLimitPlugin, { redisUrl: config.redisUrl, now: () => now().getTime() });
  // Dynamic answers (JSON lists, exports, import reports) compressed on the fly, brotli at a
  // quality cheap enough per request; static and released files carry pre-built .br/.gz
  // (Content-Encoding already set), which this leaves alone.
  app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  app.register(metricsPlugin, { db, token: config.metricsToken, attemptStore: () => app.attemptStore() });
  const adminRepository = new AdminRepository(db);
  app.register(authPlugin, {
    secret: config.jwtSecret,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    accountStatus: (userId) => adminRepository.accountStatus(userId),
    adoptTimeZone: (userId, zone) => adminRepository.adoptTimeZone(userId, zone),
    now: () => now().getTime(),
  });

  const platformRepository = new PlatformRepository(db);
  const platform = new PlatformService({
    repository: platformRepository,
    kernelVersion: config.platform.kernelVersion ?? resolveKernelVersion(config.webRoot, REPO_ROOT),
    shellShared: resolveShellShared(config.webRoot, REPO_ROOT),
    budgetGzipBytes: config.platform.budgetGzipBytes,
    quotaBytes: config.platform.quotaBytes,
    haltPolicy: config.platform.haltPolicy,
    devOverrides: config.platform.devOverrides,
    now,
  });
  // The remotes built in this repository become releases before the first request.
  app.addHook('onReady', () => syncBuiltinReleases(config.webRoot, platform, platformRepository, app.log));

  app.register(
    async (api) => {
      const health = new HealthService({
        repository: new HealthRepository(db),
        log: app.log,
        attemptStore: () => api.attemptStore(),
      });
      const auth = new AuthService({
        repository: new AuthRepository(db),
        signAccessToken: (user) => api.signAccessToken(user),
        forgetAccount: (userId) => api.forgetAccountStatus(userId),
        now,
      });
      const recovery = new RecoveryService({
        repository: new RecoveryRepository(db),
        mailer: createMailer(config.mail ?? { from: DEFAULT_MAIL_FROM }, app.log),
        publicUrl: config.mail?.publicUrl,
        log: app.log,
        forgetAccount: (userId) => api.forgetAccountStatus(userId),
        now,
      });
      const dashboard = new DashboardService({
        repository: new DashboardRepository(db),
        freezes: new StreakFreezesRepository(db),
        now,
      });
      const schedulerSettings = new SchedulerSettingsRepository(db);
      const cards = new CardsService({
        repository: new CardsRepository(db),
        now,
        fsrsParameters: (userId) => schedulerSettings.activeParameters(userId),
      });
      const categories = new CategoriesService({ repository: new CategoriesRepository(db), now });
      // A session's card count and its XP are written together: one transaction, these repositories.
      const sessionRepos = (handle: typeof db) => ({
        sessions: new SessionsRepository(handle),
        experience: new ExperienceRepository(handle),
        study: new ReviewRepository(handle),
      });
      const dailyGoal = (userId: number, timeZone: string) => dashboard.dailyGoalProgress(userId, timeZone);
      const streaks = (userId: number, timeZone: string) => dashboard.reviewStreaks(userId, timeZone);
      const engagement = createEngagementServices(db, { now, dailyGoal, streaks });
      const sessions = new SessionsService({
        repos: sessionRepos(db),
        inTransaction: inTransaction(db, sessionRepos),
        // Finishing a session is when new achievements are most likely earned.
        afterEnd: (userId, timeZone) => engagement.gamification.checkAchievements(userId, timeZone),
        now,
      });
      const study = createStudyServices(db, { dailyGoal, now, random: overrides.random });
      const insights = new InsightsService({
        repository: new InsightsRepository(db),
        queue: new QueueRepository(db),
        dashboard: new DashboardRepository(db),
        dailyGoal,
        now,
      });

      await api.register(healthRoutes, { service: health });
      await api.register(authRoutes, {
        service: auth,
        recovery,
        rateLimits: config.rateLimits,
        secureCookies: config.isProduction,
      });
      await api.register(dashboardRoutes, { service: dashboard });
      await api.register(cardRoutes, {
        service: cards,
        bulk: new BulkService({ repository: new CardsRepository(db), now }),
      });
      await api.register(categoryRoutes, { service: categories });
      await api.register(presetRoutes, {
        service: new PresetsService({
          repository: new PresetsRepository(db),
          settings: new SchedulerSettingsRepository(db),
          now,
        }),
      });
      await api.register(sessionRoutes, { service: sessions });
      await api.register(studyRoutes, study);
      const optimizer = new OptimizerService({
        repository: new OptimizerRepository(db),
        schedulerSettings,
        now,
        workers: overrides.optimizerWorkers,
      });
      await api.register(optimizerRoutes, { service: optimizer });
      await api.register(workloadRoutes, { service: createWorkloadService(db, now) });
      const media = new MediaService({ repository: new MediaRepository(db), now });
      await api.register(mediaRoutes, { service: media });
      await api.register(packageRoutes, {
        service: new PackagesService({ db, media, now, limits: config.apkg }),
      });
      await api.register(packageExportRoutes, { exporter: new ApkgExporter({ db, now }) });
      await api.register(insightRoutes, { service: insights });
      await api.register(gamificationRoutes, { service: engagement.gamification });
      await api.register(dailyBonusRoutes, { service: engagement.dailyBonus });
      await api.register(tokenRoutes, { service: engagement.tokens });
      await api.register(notificationRoutes, { service: engagement.notifications });
      await api.register(socialRoutes, {
        service: createSocialService(db, {
          now,
          currentStreak: (userId, timeZone) => dashboard.currentStreak(userId, timeZone),
        }),
        rateLimits: config.rateLimits,
      });
      await api.register(settingsRoutes, {
        service: new SettingsService({ repository: new SettingsRepository(db), now }),
        auth,
      });
      const deployTokens = new DeployTokenService(platformRepository, now);
      await api.register(platformRoutes, {
        service: platform,
        tokens: deployTokens,
        repository: platformRepository,
        secureCookies: config.isProduction,
      });
      const gateway = config.gateway;
      const gatewayRepository = new GatewayRepository(db);
      const services = new ServiceRegistry(gatewayRepository, now);
      const breakers = new CircuitBreakers({ ...gateway.breaker, trialTimeoutMs: gateway.timeoutMs + 1000 }, () =>
        now().getTime(),
      );
      const traffic = new ServiceTraffic(() => now().getTime());
      const keys = new SigningKeys(
        gatewayRepository,
        {
          maxAgeMs: gateway.keyMaxAgeMs,
          publishAheadMs: gateway.keyPublishAheadMs,
          tokenTtlMs: gateway.tokenTtlSeconds * 1000,
        },
        now,
      );
      await api.register(serviceRoutes, {
        registry: services,
        breakers,
        traffic,
        keys,
        tokens: deployTokens,
        emailOf: (userId) => platformRepository.emailOf(userId),
      });
      await api.register(gatewayRoutes, {
        registry: services,
        breakers,
        traffic,
        identity: new ServiceIdentity({ keys, issuer: gateway.issuer, ttlSeconds: gateway.tokenTtlSeconds, now }),
        config: gateway,
      });
      const admin = new AdminService({
        repository: adminRepository,
        now,
        onAccountStatusChange: (userId) => api.forgetAccountStatus(userId),
      });
      await api.register(adminRoutes, { service: admin });
    },
    { prefix: '/api' },
  );

  app.register(releaseFileRoutes, { service: platform });
  const pageHints = new PageHints(platform);
  app.register(staticPlugin, {
    webRoot: config.webRoot,
    pageHints: (pathname, overridden) => pageHints.for(pathname, overridden),
  });

  return app;
}

/** A caller's id when it is short printable text (it goes into every log line), else a new UUID. */
export function requestIdOf(given: string | string[] | undefined): string {
  return typeof given === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(given) ? given : randomUUID();
}
