import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@recovery-desk/db/client.ts';
import { systemClock } from '../../../clock.ts';
import { InProcessBus } from '../../../cluster/bus.ts';
import type { Config } from '../../../config.ts';
import type { AppDeps } from '../../../deps.ts';
import { AttemptLimiter } from '../../../http/rate-limit.ts';
import { JobWorker } from '../../../jobs/job-worker.ts';
import { MailService } from '../../../mail/mail-service.ts';
import { createAccessTokens, UnknownUserFailures } from '../../auth/index.ts';
import { TrayCountCache, TrayNameDirectory } from '../../collections/index.ts';
import { PrincipalCache } from '../../../access/principal-cache.ts';
import { DocumentStore } from '../../../documents/document-store.ts';
import { createWorkflowEffects } from '../../../workflow-effects.ts';

/**
 * The service dependencies for seeding demo data at start (main.ts), before the app serves requests: the app's
 * configuration, database and logger, the system clock, and mail that stays in the outbox (no transport).
 */
export function demoSeedDeps(input: { config: Config; db: Database; log: FastifyBaseLogger }): AppDeps {
  const { config, db, log } = input;
  return {
    config,
    db,
    clock: systemClock,
    mail: new MailService({ db, transport: null, from: config.mailFrom, clock: systemClock, log }),
    limiter: new AttemptLimiter(db),
    accessTokens: createAccessTokens({
      secret: config.jwtSecret,
      ttlSeconds: config.accessTokenTtlSeconds,
      clock: systemClock,
    }),
    unknownUserFailures: new UnknownUserFailures(db),
    sso: null,
    log,
    bus: new InProcessBus(),
    trayCounts: new TrayCountCache(0),
    principals: new PrincipalCache(0, () => Date.now()),
    trayNames: new TrayNameDirectory(false),
    // Jobs the seed queues wait in the table for the app's worker, which starts once the server listens.
    jobs: new JobWorker({ kinds: [] }),
    documents: new DocumentStore(config.documentDir),
    workflowEffects: createWorkflowEffects(),
  };
}
