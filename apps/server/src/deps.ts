import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@recovery-desk/db/client.ts';
import type { Clock } from './clock.ts';
import type { ClusterBus } from './cluster/bus.ts';
import type { Config } from './config.ts';
import type { DocumentStore } from './documents/document-store.ts';
import type { AttemptLimiter } from './http/rate-limit.ts';
import type { JobWorker } from './jobs/job-worker.ts';
import type { MailService } from './mail/mail-service.ts';
import type { AccessTokens } from './modules/auth/access-token.ts';
import type { SsoClient } from './modules/auth/sso-client.ts';
import type { UnknownUserFailures } from './modules/auth/sign-in-throttle.ts';
import type { PrincipalCache } from './access/principal-cache.ts';
import type { TrayCountCache } from './modules/collections/tray-count-cache.ts';
import type { TrayNameDirectory } from './modules/collections/tray-name-directory.ts';
import type { EffectRegistry } from './modules/workflow/effects.ts';

/** What service verbs are given: built once in app.ts, shared by every request. */
export type AppDeps = {
  config: Config;
  db: Database;
  clock: Clock;
  mail: MailService;
  /** sign-in rate limits, counted in the database across instances */
  limiter: AttemptLimiter;
  accessTokens: AccessTokens;
  /** failure counts of unknown usernames, in the database across instances */
  unknownUserFailures: UnknownUserFailures;
  /** null when OIDC_* is not configured */
  sso: SsoClient | null;
  log: FastifyBaseLogger;
  /** the change bus between instances (LISTEN/NOTIFY): caches publish and hear changes on it */
  bus: ClusterBus;
  /** short-lived tray counts of this process, cleared by every state-changing request of any instance */
  trayCounts: TrayCountCache;
  /** short-lived granted access checks of this process, cleared by any access change (access/principal-cache.ts) */
  principals: PrincipalCache;
  /** the names of users, agencies and units that tray rows show, kept by this process (tray-name-directory.ts) */
  trayNames: TrayNameDirectory;
  /** the background job worker of this process (`wake()` after queueing a job) */
  jobs: JobWorker;
  /** where document bytes live (the database, or DOCUMENT_DIR) */
  documents: DocumentStore;
  /** the workflow effects the modules registered (workflow-effects.ts) */
  workflowEffects: EffectRegistry;
};
