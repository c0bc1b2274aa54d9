import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@recovery-desk/db/client.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { DocumentStore } from './documents/document-store.ts';
import type { AttemptLimiter } from './http/rate-limit.ts';
import type { MailService } from './mail/mail-service.ts';
import type { AccessTokens } from './modules/auth/access-token.ts';
import type { SsoClient } from './modules/auth/sso-client.ts';
import type { UnknownUserFailures } from './modules/auth/sign-in-throttle.ts';
import type { TrayCountCache } from './modules/collections/tray-count-cache.ts';

/** What service verbs are given: built once in app.ts, shared by every request. */
export type AppDeps = {
  config: Config;
  db: Database;
  clock: Clock;
  mail: MailService;
  limiter: AttemptLimiter;
  accessTokens: AccessTokens;
  unknownUserFailures: UnknownUserFailures;
  /** null when OIDC_* is not configured */
  sso: SsoClient | null;
  log: FastifyBaseLogger;
  /** short-lived tray counts of this process, cleared by every state-changing request */
  trayCounts: TrayCountCache;
  /** where document bytes live (the database, or DOCUMENT_DIR) */
  documents: DocumentStore;
};
