import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import pino, { type DestinationStream } from 'pino';
import type { Database } from '@recovery-desk/db/client.ts';
import { APPROVAL_FLOWS } from '@recovery-desk/domain/approvals/flows/index.ts';
import type { WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import { systemClock, type Clock } from './clock.ts';
import { PrincipalCache } from './access/principal-cache.ts';
import { replySerializerCompiler } from './http/reply-serializer.ts';
import { createClusterBus, type ClusterBus } from './cluster/bus.ts';
import { subscribeSharedCaches } from './cluster/shared-caches.ts';
import type { Config } from './config.ts';
import type { AppDeps } from './deps.ts';
import { registerApiDocs } from './http/api-docs.ts';
import { registerAuthHook } from './http/auth-hook.ts';
import { handleFrameworkError, registerErrorHandler, registerNotFoundHandler } from './http/error-handler.ts';
import { loggerOptions } from './http/logging.ts';
import { AttemptLimiter } from './http/rate-limit.ts';
import { registerRequestBoundary } from './http/request-boundary.ts';
import { registerRouteDeclarationCheck } from './http/route-declarations.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerWebApp } from './http/web-app.ts';
import type { JobKind } from './jobs/job-kind.ts';
import { JobWorker } from './jobs/job-worker.ts';
import { jobKindsFor } from './jobs/registry.ts';
import { MailService } from './mail/mail-service.ts';
import { createSmtpTransport, type MailTransport } from './mail/smtp-transport.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { approvalHandlers, approvalRoutes, type ApprovalHandler } from './modules/approvals/index.ts';
import { createAccessTokens } from './modules/auth/access-token.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { passwordRoutes } from './modules/auth/password.routes.ts';
import { UnknownUserFailures } from './modules/auth/sign-in-throttle.ts';
import { createSsoClient } from './modules/auth/sso-client.ts';
import { ssoRoutes } from './modules/auth/sso.routes.ts';
import { COLLECTIONS_APPROVAL_HANDLERS } from './modules/collections/approval-handlers.ts';
import { SETTLEMENT_APPROVAL_HANDLERS, settlementRoutes } from './modules/settlements/index.ts';
import { RECEIPT_APPROVAL_HANDLERS, receiptsRoutes } from './modules/receipts/index.ts';
import { accountMarkHandlers, accountMarksRoutes } from './modules/account-marks/index.ts';
import { userChangeHandler, usersRoutes } from './modules/users/index.ts';
import { collectionsSettingsRoutes } from './modules/collections-settings/index.ts';
import { processesRoutes } from './modules/processes/index.ts';
import { reportsRoutes } from './modules/reports/index.ts';
import { collectionUploadsRoutes } from './modules/collection-uploads/index.ts';
import { fieldWorkRoutes } from './modules/field-work/index.ts';
import {
  activityRoutes,
  commandCenterAllocationRoutes,
  commandCenterDashboardRoutes,
  commandCenterRoutes,
  shadyRoutes,
} from './modules/command-center/index.ts';
import { collectionsRoutes } from './modules/collections/collections.routes.ts';
import { TrayCountCache } from './modules/collections/tray-count-cache.ts';
import { TrayNameDirectory } from './modules/collections/tray-name-directory.ts';
import { createDemoIdp } from './modules/demo/demo-idp.ts';
import { demoRoutes } from './modules/demo/demo.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { legalRoutes } from './modules/legal/legal.routes.ts';
import { securedAssetsRoutes } from './modules/secured-assets/index.ts';
import { repoAppsRoutes } from './modules/repo-apps/index.ts';
import { listsRoutes } from './modules/lists/index.ts';
import { mapsRoutes } from './modules/maps/maps.routes.ts';
import {
  PAY_BATCH_HANDLER,
  paymentsRoutes,
  setUpiCallbackTransport,
  UPI_CALLBACK_PATH,
} from './modules/payments/index.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { publicConfigRoutes } from './modules/public-config/public-config.routes.ts';
import { workflowRoutes } from './modules/workflow/workflow.routes.ts';
import { DocumentStore } from './documents/document-store.ts';
import { createWorkflowEffects } from './workflow-effects.ts';

export type BuildAppOptions = {
  config: Config;
  db: Database;
  /** delivers mail; defaults to SMTP when SMTP_URL is set, else mail stays in the outbox */
  mailer?: MailTransport;
  clock?: Clock;
  /** where log lines go (default stdout); tests capture them */
  logStream?: DestinationStream;
  /** the job worker's lease and poll interval (defaults: 60 s, 2 s) and its kinds (default: every kind) */
  jobWorker?: { leaseMs?: number; pollMs?: number; kinds?: readonly JobKind<never>[] };
  /** approval flows beyond the built-in ones (the kit's own tests declare one) */
  approvalHandlers?: readonly ApprovalHandler<never>[];
  /** the change bus between instances; defaults to LISTEN/NOTIFY on the app's database (PGlite's listen on PGlite) */
  bus?: ClusterBus;
  /** the built-in workflow definitions whose stage routes are served (default: the code's; tests replace them) */
  builtInDefinitions?: readonly WorkflowDefinition[];
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    /**
     * This process's background job worker. Not started by buildApp: main.ts calls `app.jobs.start()` once the
     * server listens; `app.close()` stops it (waiting for the running job). Tests run jobs with `app.jobs.drain()`.
     */
    jobs: JobWorker;
  }
}

/**
 * The HTTP application, not yet listening (use `app.inject` in tests, `app.listen` in main.ts).
 * Wiring only: hooks, plugins and the route modules.
 */
export function buildApp(options: BuildAppOptions): FastifyInstance {
  const { config, db } = options;
  const { trustProxy } = config;
  const clock = options.clock ?? systemClock;
  const logger: FastifyBaseLogger = pino(loggerOptions(config.logLevel), options.logStream ?? pino.destination(1));
  const app = Fastify({
    loggerInstance: logger,
    genReqId: () => randomUUID(),
    // A hop count trusts that many proxies in front of us (Fastify takes it as a function).
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    bodyLimit: 1_048_576,
    frameworkErrors: handleFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler);

  const bus = options.bus ?? createClusterBus(db, app.log);
  const transport = options.mailer ?? (config.smtpUrl ? createSmtpTransport(config.smtpUrl) : null);
  const jobs = new JobWorker({
    leaseMs: config.jobLeaseSeconds * 1000,
    lanes: config.jobLanes,
    ...options.jobWorker,
    kinds: options.jobWorker?.kinds ?? jobKindsFor(config),
  });
  // Demo mode without OIDC_ISSUER: single sign-on against the built-in demo identity provider (modules/demo/demo-idp.ts).
  const demoIdp = config.demoMode && !config.oidc ? createDemoIdp(config, () => app) : null;
  const deps: AppDeps = {
    config,
    db,
    clock,
    mail: new MailService({ db, transport, from: config.mailFrom, clock, log: app.log }),
    limiter: new AttemptLimiter(db),
    accessTokens: createAccessTokens({ secret: config.jwtSecret, ttlSeconds: config.accessTokenTtlSeconds, clock }),
    unknownUserFailures: new UnknownUserFailures(db),
    sso: config.oidc
      ? createSsoClient(config.oidc, { allowInsecureHttp: config.nodeEnv !== 'production' })
      : demoIdp
        ? createSsoClient(demoIdp.settings, { allowInsecureHttp: true, fetch: demoIdp.fetch })
        : null,
    log: app.log,
    bus,
    trayCounts: new TrayCountCache(config.trayCountCacheSeconds * 1000),
    trayNames: new TrayNameDirectory(),
    principals: new PrincipalCache(config.principalCacheSeconds * 1000, () => clock.now().getTime()),
    jobs,
    documents: new DocumentStore(config.documentDir),
    workflowEffects: createWorkflowEffects(),
  };
  jobs.attach(deps);
  app.decorate('jobs', jobs);
  if (!transport && !config.demoMode) {
    app.log.warn('SMTP_URL is not set: one-time codes and password reset codes cannot be mailed.');
  }

  // Any change made through this process may change a tray's count: forget them all before the reply leaves (the
  // transaction has committed by then), so the caller's next read counts afresh, and tell the other instances after a
  // successful change (a refused request changed nothing they count). GET and HEAD change nothing.
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    deps.trayCounts.invalidate();
    // A sign-out, a deactivation or an authority change is in force for this process's next request.
    deps.principals.invalidate();
    deps.trayNames.invalidate();
    if (reply.statusCode < 400) {
      await deps.trayCounts.announce().catch((error: unknown) => {
        request.log.warn({ err: error }, 'could not announce a change to the other instances');
      });
    }
  });
  // The bus between instances listens from start to close (docs/architecture.md, "Several instances").
  const unsubscribe = [
    deps.trayCounts.connect(bus),
    deps.principals.connect(bus),
    deps.trayNames.connect(bus),
    subscribeSharedCaches(bus),
  ];
  app.addHook('onReady', async () => {
    await bus.start();
  });
  registerRouteDeclarationCheck(app);
  registerRequestBoundary(app);
  registerErrorHandler(app);
  registerNotFoundHandler(app);
  registerSecurityHeaders(app, config);
  registerApiDocs(app);
  // After the security headers plugin has loaded, so its headers are set before auth can refuse a request.
  app.after((error) => {
    if (error) throw error;
    registerAuthHook(app, deps);
  });
  app.register(healthRoutes(deps));
  app.register(publicConfigRoutes(deps));
  app.register(authRoutes(deps));
  app.register(passwordRoutes(deps));
  app.register(ssoRoutes(deps));
  app.register(profileRoutes(deps));
  app.register(mapsRoutes(deps));
  app.register(collectionsRoutes(deps));
  app.register(workflowRoutes(deps, options.builtInDefinitions));
  app.register(legalRoutes(deps));
  app.register(securedAssetsRoutes(deps));
  app.register(repoAppsRoutes(deps));
  app.register(settlementRoutes(deps));
  app.register(jobsRoutes(deps));
  app.register(adminRoutes(deps));
  app.register(listsRoutes(deps));
  app.register(receiptsRoutes(deps));
  app.register(accountMarksRoutes(deps));
  const userChange = userChangeHandler(deps);
  app.register(usersRoutes(deps, userChange));
  app.register(collectionsSettingsRoutes(deps));
  app.register(processesRoutes(deps));
  app.register(reportsRoutes(deps));
  app.register(collectionUploadsRoutes(deps));
  app.register(fieldWorkRoutes(deps));
  app.register(commandCenterRoutes(deps));
  app.register(activityRoutes(deps));
  app.register(shadyRoutes(deps));
  app.register(commandCenterDashboardRoutes(deps));
  app.register(commandCenterAllocationRoutes(deps));
  const handlers = approvalHandlers(APPROVAL_FLOWS, [
    ...COLLECTIONS_APPROVAL_HANDLERS,
    ...SETTLEMENT_APPROVAL_HANDLERS,
    ...RECEIPT_APPROVAL_HANDLERS,
    ...accountMarkHandlers(config.accountMarks),
    PAY_BATCH_HANDLER as ApprovalHandler<never>,
    userChange,
    ...(options.approvalHandlers ?? []),
  ]);
  app.register(approvalRoutes(deps, handlers));
  app.register(
    paymentsRoutes(
      deps,
      handlers.find((handler) => handler.flow.code === 'PAY_BATCH')!,
    ),
  );
  // The sandbox PSP (demo mode, tests) calls back through this app's own HTTP stack, as a real provider would.
  setUpiCallbackTransport(deps, async (rawBody, signature) => {
    const reply = await app.inject({
      method: 'POST',
      url: UPI_CALLBACK_PATH,
      payload: rawBody,
      headers: { 'content-type': 'application/json', 'x-upi-signature': signature },
    });
    return reply.statusCode;
  });
  if (config.demoMode) app.register(demoRoutes(deps));
  if (demoIdp) app.register(async (idpApp) => demoIdp.register(idpApp, deps));
  app.register(async (webApp) => registerWebApp(webApp, config.webDist));

  app.addHook('onClose', async () => {
    await jobs.stop();
    for (const stop of unsubscribe) stop();
    await bus.close();
    await deps.mail.flush();
    deps.mail.close();
  });
  return app;
}
