import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type RawServerDefault } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import '../shared/zod-setup';
import { LIMITS } from '../shared/constants/limits';
import { DEFAULT_ERROR_MESSAGES } from '../shared/errors';
import type { AppConfig } from './config';
import { openDatabase, withQueryDeadline } from './db/client';
import { migrateDatabase } from './db/migrate';
import { DownloadGate } from './exports/gate';
import { WORKER_HEAP_MB } from './exports/pdf';
import { PdfPool } from './exports/pdf-pool';
import { addressKey } from './lib/address-key';
import { BackgroundTasks } from './lib/background';
import { COMPRESSION } from './lib/cached-answer';
import { createDiskStore } from './lib/disk-store';
import { AppError } from './lib/errors';
import { nextTurn } from './lib/event-loop';
import { EventBus, publish } from './lib/events';
import { Jobs } from './lib/jobs';
import { databaseCounterStore, databasePlaceStore, Limiter } from './lib/limiter';
import { createMailer } from './lib/mailer';
import { createObjectStore, fileObjects } from './lib/object-store';
import { createOutboundClient } from './lib/outbound/client';
import { isApiPath, RequestLogController } from './lib/request-log';
import { ResultCache } from './lib/result-cache';
import { RowCache } from './lib/row-cache';
import { resolveSessionSecret } from './lib/session-secret';
import { SharedAnswers } from './lib/shared-answers';
import { aboutPublicRoutes } from './modules/about/about.public.routes';
import { aboutSettingsRoutes } from './modules/about/about.routes';
import { defineAccountJobs } from './modules/accounts/account-jobs';
import { accountsPublicRoutes, sessionRoutes } from './modules/accounts/accounts.routes';
import { accountEffects } from './modules/accounts/accounts.service';
import { adminRoutes } from './modules/admin/admin.routes';
import { notificationStreamRoutes } from './modules/admin/notification-stream.routes';
import { alertsPublicRoutes } from './modules/alerts/alerts.public.routes';
import { alertsRoutes } from './modules/alerts/alerts.routes';
import { defineAlertJobs } from './modules/alerts/alerts-jobs';
import { feedsRoutes } from './modules/alerts/feeds.routes';
import { defineFollowJobs } from './modules/alerts/follows-jobs';
import { defineBackupJobs } from './modules/backups/backup-jobs';
import { backupRoutes } from './modules/backups/backups.routes';
import { copiesVersions, documentRegistration } from './modules/backups/backups.service';
import { calculationCatalogue } from './modules/calculations/calculations.catalogue';
import { comparationsPublicRoutes } from './modules/calculations/calculations.public.routes';
import { calculationRoutes } from './modules/calculations/calculations.routes';
import { catalogueRoutes } from './modules/catalogues/catalogue.routes';
import { unitCatalogue } from './modules/catalogues/units.catalogue';
import {
  comparisonDownloadRoutes,
  comparisonRoutes,
  peerOrganizationRoutes,
  recentComparisonRoutes,
} from './modules/comparisons/comparisons.public.routes';
import { contactPublicRoutes } from './modules/contact/contact.public.routes';
import { defineContactJobs } from './modules/contact/contact-jobs';
import { contractPickerRoutes } from './modules/contracts/contract-pickers.routes';
import { contractRelationRoutes } from './modules/contracts/contract-relations.routes';
import { contractCatalogue } from './modules/contracts/contracts.catalogue';
import { contractsPublicRoutes } from './modules/contracts/contracts.public.routes';
import { dataLoadRoutes } from './modules/data-load/data-load.routes';
import { defineDataLoadJobs } from './modules/data-load/data-load-jobs';
import { defineErrorReportJobs } from './modules/error-reports/error-report-jobs';
import { errorReportsPublicRoutes } from './modules/error-reports/error-reports.public.routes';
import { defineFigureJobs, keepSearchLater } from './modules/figures/figure-jobs';
import { fileDownloadRoute, filesPublicRoutes } from './modules/files/files.public.routes';
import { healthRoutes } from './modules/health/health.routes';
import { landingPublicRoutes } from './modules/landing/landing.public.routes';
import { stopBuilds } from './modules/open-data/bulk';
import { openDataPublicRoutes } from './modules/open-data/open-data.public.routes';
import { defineOpenDataJobs } from './modules/open-data/open-data-jobs';
import { organizationCatalogue } from './modules/organizations/organizations.catalogue';
import { organizationsPublicRoutes } from './modules/organizations/organizations.public.routes';
import { findOrganization } from './modules/organizations/organizations.repository';
import { redFlagsPublicRoutes } from './modules/red-flags/red-flags.public.routes';
import { redFlagsRoutes } from './modules/red-flags/red-flags.routes';
import { flagRegistration } from './modules/red-flags/red-flags.service';
import { defineRedFlagJobs, flagUnflaggedMonitors } from './modules/red-flags/red-flags-jobs';
import { resourceImageRoutes } from './modules/resources/resource-image.routes';
import { resourceCatalogue } from './modules/resources/resources.catalogue';
import { resourcesPublicRoutes } from './modules/resources/resources.public.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { supplierCatalogue } from './modules/suppliers/suppliers.catalogue';
import { suppliersPublicRoutes } from './modules/suppliers/suppliers.public.routes';
import { usersRoutes } from './modules/users/users.routes';
import { visitsPublicRoutes } from './modules/visits/visits.public.routes';
import { registerAccessControl } from './plugins/auth';
import { clientErrorHandler, registerUnreadBodyClose } from './plugins/connection';
import { frameworkErrorHandler, registerErrorHandler, sendError } from './plugins/errors';
import { registerHttpCache } from './plugins/http-cache';
import { registerLeakGuard } from './plugins/leak-guard';
import { registerSecurityHeaders } from './plugins/security';
import { registerWebApp } from './plugins/static';
import { registerSwagger } from './plugins/swagger';
import { registerTextGuard } from './plugins/text-guard';
import type { AppDeps } from './types';

export type App = FastifyInstance<RawServerDefault>;

/**
 * Builds the HTTP application: plugins, every module's routes (registered explicitly, in one
 * list), the error and not-found handlers and the web app. Without a database in `deps` it opens
 * and migrates the configured one, and closes it with the app.
 */
export async function buildApp(
  config: AppConfig,
  deps: Partial<Pick<AppDeps, 'database' | 'now'>> & { logStream?: { write(line: string): void } } = {},
): Promise<App> {
  let database = deps.database;
  const ownsDatabase = !database;
  if (!database) {
    database = await openDatabase(config.database);
    await migrateDatabase(database);
  }

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // Tests read the log lines; the server writes them to standard output.
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return config.trustProxy && typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    logController: new RequestLogController(),
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    requestTimeout: 60_000,
    // Longer than the usual 60 s idle timeout of load balancers, so they never reuse a closed socket.
    keepAliveTimeout: 72_000,
    // A request that reached us before a stop is answered (with `Connection: close`), not refused:
    // a stop signal and a request can arrive in the same turn of the event loop (decision 0019).
    return503OnClosing: false,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const events = new EventBus(database, app.log);
  const now = deps.now ?? (() => new Date());
  const background = new BackgroundTasks(app.log);
  const appDeps: AppDeps = {
    config,
    database,
    now,
    cache: new ResultCache(config.resultCacheEntries, {
      previousAfterMs: config.resultPreviousAfterMs ?? undefined,
      maxComputing: config.resultComputing,
    }),
    // One process computes a public answer for every process on the same PostgreSQL (decision 0054).
    sharedAnswers:
      database.kind === 'postgres' && config.resultCacheEntries > 0 ? new SharedAnswers(database.db) : null,
    sessionKey: resolveSessionSecret(config.sessionSecret, config.dataDir),
    // Password links reach the log only on a local embedded installation, never on a server.
    mailer: createMailer(
      { ...config.mail, production: config.env === 'production' || config.database.kind === 'postgres' },
      app.log,
    ),
    background,
    events,
    // Every request names its monitor: kept in memory, dropped by any change in any process (decision 0020).
    organizations: new RowCache({
      events,
      channel: 'organizations',
      load: (id) => findOrganization(database.db, id),
      maxEntries: 1_000,
    }),
    copies: copiesVersions({ database, events, config }),
    jobs: new Jobs(database, app.log, {
      pollingIntervalSeconds: config.jobs.pollingIntervalSeconds,
      superviseIntervalSeconds: config.jobs.superviseIntervalSeconds,
    }),
    // Counters shared by every process through the database (decision 0018).
    limiter: new Limiter(databaseCounterStore(database.db), now, background),
    // A few downloads per address across every process (places leased in the shared counters).
    downloads: new DownloadGate(config.downloads, databasePlaceStore(database.db), now, background),
    pdfPool: new PdfPool({ size: config.downloads.pdfWorkers, heapMb: WORKER_HEAP_MB }),
    // Backup copies: to the bucket when there is one, else to DATA_DIR/files on the embedded
    // database (one query at a time there), else to the database (issue 27).
    objects: fileObjects(
      config.fileStorage ? createObjectStore(config.fileStorage) : null,
      config.fileStorage || database.kind === 'pglite'
        ? createDiskStore(path.join(config.dataDir, 'files'))
        : null,
    ),
    outbound: createOutboundClient({
      ...config.peers,
      userAgent: `Vigia/1 (+${config.publicUrl}; monitor ciudadano de contrataciones públicas)`,
    }),
    frequentSearchSeen: (organizationId, search) => keepSearchLater(appDeps, organizationId, search),
  };
  app.decorate('deps', appDeps);
  // Every job, defined once here; the workers start with the app (below) and stop with it.
  defineAccountJobs(appDeps);
  defineContactJobs(appDeps);
  defineFollowJobs(appDeps);
  defineErrorReportJobs(appDeps);
  defineFigureJobs(appDeps);
  defineDataLoadJobs(appDeps);
  defineBackupJobs(appDeps);
  defineOpenDataJobs(appDeps);
  defineRedFlagJobs(appDeps);
  defineAlertJobs(appDeps);
  // Job progress goes out on the event bus, to every process (a repair's progress, say).
  appDeps.jobs.on('progress', (event) => {
    publish(database.db, 'jobProgress', event).catch((error: unknown) =>
      app.log.warn({ err: error }, 'job progress not published'),
    );
  });
  app.addHook('onClose', async () => {
    // Stop claiming; running jobs get most of the shutdown time, the rest is for closing up.
    await appDeps.jobs.stop(Math.max(1000, config.shutdownTimeoutMs - 2000));
    // An open data file a download started is stopped, and its transaction ended, before the database closes.
    await stopBuilds(appDeps);
    appDeps.downloads.close();
    await appDeps.background.idle();
    appDeps.mailer.close();
    await events.close();
    await appDeps.pdfPool.close();
  });

  app.addHook('preClose', async () => {
    // A connection busy when the stop began (a download) would otherwise stay open, idle, until
    // its keep-alive ends (72 s), past the shutdown time: close each one as soon as it is idle.
    const timer = setInterval(() => app.server.closeIdleConnections(), 100);
    timer.unref();
    app.server.once('close', () => clearInterval(timer));
    // Connections that arrived with the stop signal are accepted before the listener closes
    // (closing it resets whatever still waits in its backlog): two turns, so one polls for them.
    await nextTurn();
    await nextTurn();
  });

  // First, so that every answer carries them, even one refused by the hooks below.
  registerSecurityHeaders(app, config);
  // Before the hooks that query: every query of a request (hooks, handler, streamed answer) has a deadline.
  app.addHook('onRequest', (_request, _reply, done) => withQueryDeadline(config.requestQueryTimeoutMs, done));
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (config.maintenanceMode && isApiPath(request.url)) throw new AppError('MAINTENANCE');
  });

  registerErrorHandler(app);
  registerUnreadBodyClose(app);
  // Before compression: its answers' ETags are of their text (plugins/http-cache.ts).
  registerHttpCache(app);
  await app.register(compress, {
    threshold: COMPRESSION.threshold,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: COMPRESSION.brotliQuality } },
  });
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (request) => addressKey(request.ip),
    store: appDeps.limiter.fastifyStore(),
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
  await app.register(multipart, {
    limits: {
      fileSize: LIMITS.imageBytes,
      files: 1,
      fields: 10,
      fieldSize: 10_000,
      parts: 12,
      headerPairs: 20,
    },
  });
  await registerSwagger(app, config);
  registerAccessControl(app);
  registerLeakGuard(app);
  registerTextGuard(app);

  await app.register(healthRoutes, { prefix: '/health' });
  await app.register(organizationsPublicRoutes, { prefix: '/public-api/organizations' });
  await app.register(visitsPublicRoutes, { prefix: '/public-api/route-logs' });
  await app.register(filesPublicRoutes, { prefix: '/public-api/files' });
  await app.register(fileDownloadRoute, { prefix: '/public-api/files' });
  await app.register(aboutPublicRoutes, { prefix: '/public-api/about' });
  await app.register(contractsPublicRoutes, { prefix: '/public-api/contracts' });
  await app.register(suppliersPublicRoutes, { prefix: '/public-api/suppliers' });
  await app.register(landingPublicRoutes, { prefix: '/public-api/landing' });
  await app.register(comparationsPublicRoutes, { prefix: '/public-api/comparations' });
  await app.register(comparisonRoutes, { prefix: '/public-api/comparations' });
  await app.register(comparisonDownloadRoutes, { prefix: '/public-api/comparations' });
  await app.register(recentComparisonRoutes, { prefix: '/public-api/comparations' });
  await app.register(peerOrganizationRoutes, { prefix: '/public-api/organizations' });
  await app.register(resourcesPublicRoutes, { prefix: '/public-api/resources' });
  await app.register(openDataPublicRoutes, { prefix: '/public-api/ocds' });
  await app.register(redFlagsPublicRoutes, { prefix: '/public-api/flags' });
  await app.register(contactPublicRoutes, { prefix: '/public-api/contact' });
  await app.register(alertsPublicRoutes, { prefix: '/public-api/alerts' });
  await app.register(errorReportsPublicRoutes, { prefix: '/public-api/error-reports' });
  await app.register(accountsPublicRoutes, { prefix: '/public-api/accounts' });
  // The monitors' Atom feeds (decision 0053): public, read by feed readers without any header.
  await app.register(feedsRoutes, { prefix: '/feeds' });
  await app.register(sessionRoutes, { prefix: '/api/session' });
  await app.register(usersRoutes(accountEffects), { prefix: '/api/users' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(notificationStreamRoutes, { prefix: '/api/admin' });
  await app.register(settingsRoutes, { prefix: '/api/settings' });
  await app.register(aboutSettingsRoutes, { prefix: '/api/settings' });
  // Every catalogue served by the shared routes (the access table lists them). Each definition
  // lives with its resource, over that resource's repository; registered here, so that the engine
  // (modules/catalogues) imports none of them. The users catalogue runs on the same engine behind
  // its own routes (modules/users).
  for (const catalogue of [
    supplierCatalogue,
    unitCatalogue,
    organizationCatalogue,
    resourceCatalogue,
    contractCatalogue({ documents: documentRegistration, flags: flagRegistration }),
    calculationCatalogue,
  ]) {
    await app.register(catalogueRoutes(catalogue), { prefix: `/api/${catalogue.path}` });
  }
  await app.register(contractPickerRoutes, { prefix: '/api/contracts' });
  await app.register(redFlagsRoutes, { prefix: '/api/red-flags' });
  await app.register(contractRelationRoutes, { prefix: '/api/contracts' });
  // The calculations form's filters pick suppliers and units with the same pickers.
  await app.register(contractPickerRoutes, { prefix: '/api/calculations' });
  await app.register(calculationRoutes, { prefix: '/api/calculations' });
  await app.register(backupRoutes, { prefix: '/api/backups' });
  await app.register(alertsRoutes, { prefix: '/api/alerts' });
  await app.register(resourceImageRoutes, { prefix: '/api/resources' });
  await app.register(dataLoadRoutes, { prefix: '/api/data-load' });

  const serveWebApp = await registerWebApp(app, config.webDir);
  app.setNotFoundHandler((request, reply) => {
    if (serveWebApp?.(request, reply)) return;
    sendError(reply, 404, {
      error: true,
      code: 'NOT_FOUND',
      message: DEFAULT_ERROR_MESSAGES.NOT_FOUND,
      requestId: String(request.id),
    });
  });

  if (ownsDatabase) app.addHook('onClose', async () => database.close());
  await appDeps.jobs.start();
  await flagUnflaggedMonitors(appDeps);
  return app as unknown as App;
}
