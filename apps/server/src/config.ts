import {
  DEFAULT_SETTLEMENT_MATRIX,
  parseSettlementMatrix,
  type MatrixRow,
} from '@recovery-desk/domain/settlements/arithmetic.ts';
import { createHmac, randomBytes } from 'node:crypto';
import { parseAccountMarks } from '@recovery-desk/domain/collections/account-marks.ts';
import { APPROVER_AUTHORITIES, isAuthorityCode } from '@recovery-desk/domain/authorities.ts';
import { isAmountInMinorUnits, toCents } from '@recovery-desk/domain/money.ts';
import {
  DEFAULT_POSTING_ORDER,
  parsePostingOrder,
  type PostingComponent,
} from '@recovery-desk/domain/receipts/posting.ts';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

// The server's configuration comes from environment variables, validated once at start. A bad value
// stops the process with one message per problem, naming the variable (values of secrets are never echoed).

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type ConfigVar = { name: string; default: string; meaning: string; secret?: boolean };

/** Every variable the server reads, for `.env.example` and the README. */
export const CONFIG_VARS: readonly ConfigVar[] = [
  { name: 'PORT', default: '3000', meaning: 'HTTP port to listen on (0 picks a free port).' },
  {
    name: 'HOST',
    default: '127.0.0.1 in demo mode, else 0.0.0.0',
    meaning:
      'Interface to listen on. A demo-mode server stays on this computer unless HOST says otherwise (HOST=0.0.0.0 exposes it deliberately; the demo outbox still answers only on loopback).',
  },
  {
    name: 'DATA_DIR',
    default: './data',
    meaning:
      'Folder of the embedded PostgreSQL (PGlite) and of the demo secrets. Relative paths start at the folder npm was run from.',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset)',
    meaning: 'postgres://… URL; when set the server uses that PostgreSQL server instead of PGlite.',
    secret: true,
  },
  {
    name: 'MIGRATION_DATABASE_URL',
    default: 'DATABASE_URL',
    meaning:
      'postgres://… URL of the role that owns the schema; migrations run through it. Set it when DATABASE_URL is the restricted app role (README, "Database roles").',
    secret: true,
  },
  {
    name: 'DATABASE_POOL_SIZE',
    default: '10',
    meaning:
      'Connections the server keeps to PostgreSQL (1 to 200), per server process (see WEB_CONCURRENCY); PGlite is one in-process connection.',
  },
  {
    name: 'WEB_CONCURRENCY',
    default: '1',
    meaning:
      'Server processes on this machine, 1 to 16, sharing one port (node:cluster). Above 1 it needs DATABASE_URL: PGlite belongs to one process. A supervising process migrates and seeds, then starts the others and replaces one that dies.',
  },
  { name: 'NODE_ENV', default: 'development', meaning: 'development, production or test.' },
  {
    name: 'DEMO_MODE',
    default: 'true unless NODE_ENV=production',
    meaning:
      'Seeds the demo organisation (users with a published password) and shows mail, reset and sign-in codes included, in the demo outbox (/api/demo/outbox, loopback only). Never with real data. true/false wins over the default.',
  },
  {
    name: 'JWT_SECRET',
    default: 'generated (required in production)',
    meaning:
      'At least 32 characters; signs access tokens and keys the one-time-code hashes. Outside production a random one is generated and kept in DATA_DIR (per process on PostgreSQL).',
    secret: true,
  },
  {
    name: 'USERKEY_KEY',
    default: 'generated (required in production)',
    meaning:
      'Base64 of 32 random bytes (openssl rand -base64 32): the AES-256-GCM key of the sign-in `userkey` envelope. Generated like JWT_SECRET outside production.',
    secret: true,
  },
  {
    name: 'AUDIT_KEY',
    default: 'derived from JWT_SECRET',
    meaning:
      'At least 32 characters; signs the audit checkpoints (kept outside the database). Set it in production so JWT_SECRET can be rotated without breaking old checkpoints.',
    secret: true,
  },
  {
    name: 'SIGN_IN_OTP_AUTHORITIES',
    default: 'approvers',
    meaning:
      'Authorities whose holders need a one-time code at sign-in: comma-separated codes, `approvers` (the approval authorities) and/or `none`.',
  },
  { name: 'ACCESS_TOKEN_TTL_SECONDS', default: '900', meaning: 'Access token lifetime, 60 to 900 seconds.' },
  {
    name: 'REFRESH_TOKEN_TTL_SECONDS',
    default: '1800',
    meaning: 'Idle timeout: a refresh token unused this long expires (60 to SESSION_MAX_SECONDS).',
  },
  { name: 'SESSION_MAX_SECONDS', default: '43200', meaning: 'Absolute session lifetime, 300 to 43200 seconds (12 h).' },
  {
    name: 'SMTP_URL',
    default: '(unset)',
    meaning: 'smtp:// or smtps:// URL of the mail relay. Unset: mail stays in the outbox (readable in demo mode).',
    secret: true,
  },
  { name: 'MAIL_FROM', default: 'Recovery Desk <no-reply@recovery-desk.local>', meaning: 'Sender of outgoing mail.' },
  {
    name: 'OIDC_ISSUER',
    default: '(unset)',
    meaning:
      'OpenID Connect issuer URL; enables single sign-on with OIDC_CLIENT_ID. Unset in demo mode: the built-in demo identity provider at /demo-idp.',
  },
  { name: 'OIDC_CLIENT_ID', default: '(unset)', meaning: 'Client id registered at the OpenID provider.' },
  {
    name: 'OIDC_CLIENT_SECRET',
    default: '(unset)',
    meaning: 'Client secret (client_secret_basic); unset means a public client (PKCE only).',
    secret: true,
  },
  {
    name: 'OIDC_REDIRECT_URI',
    default: 'PUBLIC_URL/sso/callback, else http://localhost:PORT/sso/callback',
    meaning: 'Redirect URI registered at the provider; must reach GET /sso/callback of this server.',
  },
  {
    name: 'PUBLIC_URL',
    default: '(unset)',
    meaning: 'Address users open (https://…); the single sign-on callback redirects to PUBLIC_URL/callback.',
  },
  {
    name: 'CORS_ORIGINS',
    default: '(empty: closed)',
    meaning: 'Comma-separated origins allowed to call the API cross-site.',
  },
  {
    name: 'CHAT_WIDGET_URL',
    default: '(unset)',
    meaning: 'Script URL of the chat-assistant widget; its origin is added to the CSP.',
  },
  { name: 'MAPS_API_KEY', default: '(unset)', meaning: 'Key of the commercial maps script; unset uses the open map.' },
  {
    name: 'MAP_TILE_URL',
    default: '(unset)',
    meaning:
      'Tile URL template of the open map, e.g. https://tiles.example.in/{z}/{x}/{y}.png ({s} for subdomains); unset or unreachable: the bundled offline basemap (India and its neighbours, India’s state borders and major places; no districts).',
  },
  { name: 'MAP_TILE_ATTRIBUTION', default: '(unset)', meaning: 'Attribution shown on the open map for its tiles.' },
  { name: 'MOBILE_DEEP_LINK', default: '(unset)', meaning: 'Deep link of the mobile app opened from /callmcollect.' },
  { name: 'LOG_LEVEL', default: 'info', meaning: 'fatal, error, warn, info, debug, trace or silent.' },
  { name: 'WEB_DIST', default: 'apps/web/dist', meaning: 'Folder of the built web app served at /.' },
  {
    name: 'DOCUMENT_DIR',
    default: '(unset: in the database)',
    meaning:
      'Folder for the files of documents: account documents, and case documents (uploads and generated notices). Unset keeps them in the database.',
  },
  {
    name: 'EXPORT_SYNC_MAX_ROWS',
    default: '2000',
    meaning:
      'Exports of at most this many rows download at once; larger ones (up to 50,000) run as a background job whose file downloads when done.',
  },
  {
    name: 'DOWNLOAD_RETENTION_DAYS',
    default: '30',
    meaning:
      "Days a generated file (a job's result: exports, reports, notices, upload error reports) stays downloadable on File Download.",
  },
  {
    name: 'ACCOUNT_MARKS',
    default: '(unset: the built-in list only)',
    meaning:
      'Account marks beyond the built-in FRAUD, DISPUTE, DECEASED, RESTRUCTURED, DO_NOT_CALL, VIP, LITIGATION, SKIP_TRACED: a comma-separated list of UPPER_SNAKE codes offered on Manual Account Marking.',
  },
  {
    name: 'RETENTION_DAYS',
    default: '90',
    meaning:
      'Data retention (Schedule Process): finished jobs’ files, idempotency keys, expired sessions and one-time codes older than this many days are purged (7 to 3650).',
  },
  {
    name: 'SCHEDULE_TIME_ZONE',
    default: 'Asia/Kolkata',
    meaning: 'IANA time zone of the times of day in Schedule Process (e.g. day start at 06:00).',
  },
  {
    name: 'SETTLEMENT_GRACE_DAYS',
    default: '7',
    meaning:
      'Days after a settlement instalment’s date before it counts as missed; a missed instalment lapses the settlement and the account returns to full dues.',
  },
  {
    name: 'SETTLEMENT_MATRIX',
    default: '10:50000:600,25:200000:2400,40:1000000:12000',
    meaning:
      'The settlement delegation matrix: rows percent:inrCap:usdCap, lowest level first (branch, region, zone); a waiver within a row’s share AND cap is approved at its level, above every row by the credit committee. Fraud and wilful defaulters always need the Board.',
  },
  {
    name: 'SETTLEMENT_APPROVAL_TAT_DAYS',
    default: '3',
    meaning: 'A settlement waiting longer than this many days for its approval is flagged overdue.',
  },
  {
    name: 'RECEIPT_POSTING_ORDER',
    default: 'CHARGES,INTEREST,PRINCIPAL',
    meaning:
      'The order a receipt pays an account’s charges, interest and principal in (each once, comma-separated). Charges are bounce, then overdue, then other charges.',
  },
  {
    name: 'NOTICE_SYNC_MAX_CASES',
    default: '10',
    meaning:
      'Legal notices of at most this many cases are generated at once; more run as a background job whose PDF downloads when done.',
  },
  {
    name: 'SARFAESI_SECOND_VALUATION_ABOVE',
    default: '5000000',
    meaning:
      'SARFAESI: a property whose market value is above this many rupees (whole rupees; default ₹50 lakh) needs two valuations before Capture Valuation Details is submitted (one below it).',
  },
  {
    name: 'REPO_SECOND_VALUATION_ABOVE',
    default: '1000000',
    meaning:
      'Repossession: an account whose outstanding is above this many rupees (whole rupees; default ₹10 lakh) needs two valuations of the vehicle before Capture Valuation Details is submitted (one below it).',
  },
  {
    name: 'JOB_LEASE_SECONDS',
    default: '60',
    meaning:
      'How long a background job stays with the instance running it without a heartbeat, 2 to 3600 seconds; after a crash another instance (or the restarted one) resumes it then.',
  },
  {
    name: 'JOB_LANES',
    default: '2 (PostgreSQL), 1 (PGlite)',
    meaning:
      'Background jobs each instance runs at once, 1 to 8. The first lane takes any job; the others only jobs a user started (uploads, exports, day start), so they never wait behind scheduled work such as the morning report pack.',
  },
  {
    name: 'TRAY_COUNT_CACHE_SECONDS',
    default: '15',
    meaning:
      'How long a tray count is reused, 0 to 300 seconds (0 counts every time). Changes through any instance clear it at once.',
  },
  {
    name: 'PRINCIPAL_CACHE_SECONDS',
    default: '5',
    meaning:
      'How long a granted access check (user, session, acting unit, authority) is reused, 0 to 60 seconds (0 checks the database on every request). A sign-out, deactivation or authority change through any instance, or made in the database directly, clears it at once.',
  },
  {
    name: 'POSITIONS_DEVICE_INTERVAL_SECONDS',
    default: '5',
    meaning:
      'The shortest time between two position batches from one field device, 0 to 60 seconds (0: no limit). A batch sent sooner is refused with 429 and Retry-After; a batch holds up to 1,000 positions.',
  },
  {
    name: 'UPI_PROVIDER',
    default: 'sandbox',
    meaning:
      'The payment provider of UPI collect requests. `sandbox`: the built-in sandbox PSP this process serves in demo mode and tests (outside them UPI collection answers 503 until a real provider is configured). Another name selects a provider registered in apps/server/src/modules/payments/upi/providers.ts (README, "UPI collection").',
  },
  {
    name: 'UPI_PROVIDER_URL',
    default: '(unset)',
    meaning: 'The base URL of a real provider’s API (unused by the sandbox).',
  },
  {
    name: 'UPI_WEBHOOK_SECRET',
    default: 'derived from JWT_SECRET',
    meaning:
      'At least 32 characters: the shared secret of the provider’s callbacks (HMAC-SHA256 over the raw body, header X-UPI-Signature). Set it to the secret your provider gives you.',
    secret: true,
  },
  {
    name: 'RECON_DATE_WINDOW_DAYS',
    default: '3',
    meaning:
      'Reconciliation: a bank credit matches a batch or an electronic receipt when its value date is within this many days of the collection date (0 to 30).',
  },
  {
    name: 'NACH_BOUNCE_CHARGE',
    default: '0',
    meaning:
      'The bounce charge in rupees (at most 2 decimals) a BOUNCED NACH presentation of a collections NACH upload adds to the account’s bounce charges; 0 adds none.',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    meaning:
      'true, a hop count, or comma-separated proxy addresses/CIDRs whose X-Forwarded-For is trusted (client IP for rate limits).',
  },
];

export type NodeEnv = 'development' | 'production' | 'test';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export type OidcConfig = { issuer: string; clientId: string; clientSecret: string | null; redirectUri: string };

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** the schema owner's URL for migrations (null: DATABASE_URL) */
  migrationDatabaseUrl: string | null;
  databasePoolSize: number;
  /** server processes on this machine (node:cluster); 1 = this process serves */
  webConcurrency: number;
  nodeEnv: NodeEnv;
  demoMode: boolean;
  jwtSecret: string;
  userkeyKey: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  sessionMaxSeconds: number;
  smtpUrl: string | null;
  mailFrom: string;
  oidc: OidcConfig | null;
  publicUrl: string | null;
  corsOrigins: string[];
  chatWidgetUrl: string | null;
  mapsApiKey: string | null;
  /** the open map's tile URL template (null: the bundled offline basemap) and its attribution */
  mapTileUrl: string | null;
  mapTileAttribution: string | null;
  mobileDeepLink: string | null;
  logLevel: LogLevel;
  webDist: string;
  /** folder of case document files; null keeps them in the database */
  documentDir: string | null;
  trayCountCacheSeconds: number;
  /** seconds a granted principal check is reused (0: off); access/principal-cache.ts */
  principalCacheSeconds: number;
  /** the shortest time between two position batches of one device (0: no limit) */
  positionsDeviceIntervalSeconds: number;
  /** exports above this many rows run as a background job */
  exportSyncMaxRows: number;
  /** days a job's result file stays downloadable on File Download */
  downloadRetentionDays: number;
  /** notice generation for more cases than this runs as a background job */
  noticeSyncMaxCases: number;
  /** minor units (paise): above this market value a SARFAESI property needs two valuations */
  sarfaesiSecondValuationAboveMinor: number;
  /** minor units (paise): above this outstanding a repossessed vehicle needs two valuations */
  repoSecondValuationAboveMinor: number;
  /** the account marks offered (built-in list plus ACCOUNT_MARKS) */
  accountMarks: readonly string[];
  /** days after a settlement instalment's date before it counts as missed (and lapses the settlement) */
  settlementGraceDays: number;
  /** data retention: finished jobs' files, idempotency keys, expired sessions older than this are purged */
  retentionDays: number;
  /** the time zone of Schedule Process times of day */
  scheduleTimeZone: string;
  /** a settlement waiting longer than this for approval is flagged overdue */
  settlementApprovalTatDays: number;
  /** the settlement delegation matrix (waiver share and amount → approval level) */
  settlementMatrix: readonly MatrixRow[];
  /** the order a receipt pays charges, interest and principal in */
  receiptPostingOrder: readonly PostingComponent[];
  /** a job without a heartbeat for this long is taken for dead and resumed by another worker */
  jobLeaseSeconds: number;
  /** jobs run at once by one instance (JOB_LANES); lanes after the first take only user-started jobs */
  jobLanes: number;
  trustProxy: boolean | number | string[];
  /** signs audit checkpoints; null derives a key from JWT_SECRET (auditKeyOf) */
  auditKey: string | null;
  /** holders of any of these authorities need a one-time code at sign-in */
  signInOtpAuthorities: readonly string[];
  /** UPI collection: the provider's name ('sandbox' or a registered real one), its URL and callback secret */
  upi: { provider: string; providerUrl: string | null; webhookSecret: string | null };
  /** reconciliation: a credit's value date may be this many days from the collection date */
  reconWindowDays: number;
  /** NACH upload: the bounce charge (paise) a bounced presentation adds to the account; 0n for none */
  nachBounceChargeMinor: bigint;
};

/** The configuration before the demo secrets are filled in. */
export type ParsedConfig = Omit<Config, 'jwtSecret' | 'userkeyKey'> & {
  jwtSecret: string | null;
  userkeyKey: string | null;
};

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

function isUrl(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const HTTP = ['http:', 'https:'] as const;
const httpUrl = z
  .string()
  .trim()
  .refine((value) => isUrl(value, HTTP), 'must be an http:// or https:// URL')
  .transform((value) => value.replace(/\/+$/, ''));

const wholeNumber = (min: number, max: number, hint = '') =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, `must be a whole number from ${min} to ${max}${hint}`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `must be a whole number from ${min} to ${max}${hint}`);

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'].includes(value), 'must be true or false')
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

function isBase64Key(value: string): boolean {
  return /^[A-Za-z0-9+/]{43}=$/.test(value) && Buffer.from(value, 'base64').length === 32;
}

function isProxyAddress(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address || net.isIP(address) === 0) return false;
  return bits === undefined || /^\d{1,3}$/.test(bits);
}

const envSchema = z.object({
  PORT: optional(wholeNumber(0, 65535)),
  HOST: optional(z.string().trim().max(255)),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(
    z
      .string()
      .refine((value) => isUrl(value, ['postgres:', 'postgresql:']), 'must be a postgres:// or postgresql:// URL'),
  ),
  MIGRATION_DATABASE_URL: optional(
    z
      .string()
      .refine((value) => isUrl(value, ['postgres:', 'postgresql:']), 'must be a postgres:// or postgresql:// URL'),
  ),
  DATABASE_POOL_SIZE: optional(wholeNumber(1, 200)),
  WEB_CONCURRENCY: optional(wholeNumber(1, 16)),
  AUDIT_KEY: optional(z.string().min(32, 'must be at least 32 characters')),
  SIGN_IN_OTP_AUTHORITIES: optional(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .refine(
        (entries) => entries.every((entry) => ['approvers', 'none'].includes(entry) || isAuthorityCode(entry)),
        'must be comma-separated authority codes of the spec, approvers or none',
      ),
  ),
  NODE_ENV: optional(
    z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }),
  ),
  DEMO_MODE: optional(flag),
  JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  USERKEY_KEY: optional(
    z.string().trim().refine(isBase64Key, 'must be 32 bytes in base64 (generate with: openssl rand -base64 32)'),
  ),
  ACCESS_TOKEN_TTL_SECONDS: optional(wholeNumber(60, 900, ' (15 minutes at most)')),
  REFRESH_TOKEN_TTL_SECONDS: optional(wholeNumber(60, 43200)),
  SESSION_MAX_SECONDS: optional(wholeNumber(300, 43200, ' (12 hours at most)')),
  SMTP_URL: optional(
    z.string().refine((value) => isUrl(value, ['smtp:', 'smtps:']), 'must be an smtp:// or smtps:// URL'),
  ),
  MAIL_FROM: optional(z.string().trim().max(320)),
  OIDC_ISSUER: optional(httpUrl),
  OIDC_CLIENT_ID: optional(z.string().trim().max(255)),
  OIDC_CLIENT_SECRET: optional(z.string().max(1024)),
  OIDC_REDIRECT_URI: optional(
    z
      .string()
      .trim()
      .refine((value) => isUrl(value, HTTP), 'must be an http:// or https:// URL'),
  ),
  PUBLIC_URL: optional(httpUrl),
  CORS_ORIGINS: optional(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim().replace(/\/+$/, ''))
          .filter(Boolean),
      )
      .refine(
        (origins) => origins.every((origin) => isUrl(origin, HTTP) && new URL(origin).origin === origin),
        'must be a comma-separated list of origins such as https://desk.example.in',
      ),
  ),
  CHAT_WIDGET_URL: optional(httpUrl),
  MAPS_API_KEY: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,200}$/, 'must hold only letters, digits, - and _'),
  ),
  MAP_TILE_URL: optional(
    z
      .string()
      .trim()
      .refine((value) => isUrl(value.replaceAll('{s}', 'a'), HTTP), 'must be an http:// or https:// URL')
      .refine(
        (value) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part)),
        'must hold the placeholders {z}, {x} and {y}',
      ),
  ),
  MAP_TILE_ATTRIBUTION: optional(z.string().trim().min(1).max(300)),
  MOBILE_DEEP_LINK: optional(
    z
      .string()
      .trim()
      .max(500)
      .refine((value) => URL.canParse(value), 'must be a URL such as mcollect://login'),
  ),
  LOG_LEVEL: optional(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    }),
  ),
  WEB_DIST: optional(z.string()),
  DOCUMENT_DIR: optional(z.string()),
  TRAY_COUNT_CACHE_SECONDS: optional(wholeNumber(0, 300)),
  PRINCIPAL_CACHE_SECONDS: optional(wholeNumber(0, 60)),
  POSITIONS_DEVICE_INTERVAL_SECONDS: optional(wholeNumber(0, 60)),
  EXPORT_SYNC_MAX_ROWS: optional(wholeNumber(0, 50_000)),
  DOWNLOAD_RETENTION_DAYS: optional(wholeNumber(1, 3650)),
  NOTICE_SYNC_MAX_CASES: optional(wholeNumber(0, 1000)),
  SARFAESI_SECOND_VALUATION_ABOVE: optional(wholeNumber(0, 1_000_000_000_000)),
  REPO_SECOND_VALUATION_ABOVE: optional(wholeNumber(0, 1_000_000_000_000)),
  ACCOUNT_MARKS: optional(
    z.string().transform((text, context) => {
      try {
        return parseAccountMarks(text);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  ),
  SETTLEMENT_GRACE_DAYS: optional(wholeNumber(0, 90)),
  RETENTION_DAYS: optional(wholeNumber(7, 3650)),
  SCHEDULE_TIME_ZONE: optional(
    z.string().refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Asia/Kolkata'),
  ),
  SETTLEMENT_APPROVAL_TAT_DAYS: optional(wholeNumber(1, 90)),
  SETTLEMENT_MATRIX: optional(
    z.string().transform((text, context) => {
      try {
        return parseSettlementMatrix(text);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  ),
  RECEIPT_POSTING_ORDER: optional(
    z.string().transform((value, ctx) => {
      const order = parsePostingOrder(value);
      if (!order) {
        ctx.addIssue({
          code: 'custom',
          message: 'must name CHARGES, INTEREST and PRINCIPAL once each, comma-separated',
        });
        return z.NEVER;
      }
      return order;
    }),
  ),
  JOB_LEASE_SECONDS: optional(wholeNumber(2, 3600)),
  JOB_LANES: optional(wholeNumber(1, 8)),
  UPI_PROVIDER: optional(
    z
      .string()
      .trim()
      .regex(/^[a-z][a-z0-9_-]{1,30}$/, 'must be a provider name such as sandbox'),
  ),
  UPI_PROVIDER_URL: optional(z.string().refine((value) => isUrl(value, ['http:', 'https:']), 'must be an http(s) URL')),
  UPI_WEBHOOK_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  RECON_DATE_WINDOW_DAYS: optional(wholeNumber(0, 30)),
  NACH_BOUNCE_CHARGE: optional(
    z
      .string()
      .trim()
      .refine((value) => isAmountInMinorUnits(value, 'INR'), 'must be an amount in rupees with at most 2 decimals'),
  ),
  TRUST_PROXY: optional(
    z
      .string()
      .trim()
      .transform((value): boolean | number | string[] => {
        const lower = value.toLowerCase();
        if (lower === 'true') return true;
        if (lower === 'false') return false;
        if (/^\d{1,2}$/.test(value)) return Number(value);
        return value.split(',').map((entry) => entry.trim());
      })
      .refine(
        (value) => !Array.isArray(value) || value.every(isProxyAddress),
        'must be true, false, a hop count or comma-separated IP addresses/CIDRs',
      ),
  ),
});

const SECRET_VARS = new Set(CONFIG_VARS.filter((item) => item.secret).map((item) => item.name));

function describeValue(name: string, env: Record<string, string | undefined>): string {
  const raw = env[name];
  if (raw === undefined || SECRET_VARS.has(name)) return '';
  const shown = raw.length > 60 ? `${raw.slice(0, 60)}…` : raw;
  return ` (got ${JSON.stringify(shown)})`;
}

/** Reads and checks the environment; throws ConfigError listing every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): ParsedConfig {
  const result = envSchema.safeParse(env);
  const problems: string[] = [];
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? 'environment');
      problems.push(`${name}: ${issue.message}${describeValue(name, env)}`);
    }
    throw new ConfigError(problems);
  }
  const v = result.data;
  const nodeEnv: NodeEnv = v.NODE_ENV ?? 'development';
  const isProduction = nodeEnv === 'production';
  const port = v.PORT ?? 3000;
  const demoMode = v.DEMO_MODE ?? !isProduction;
  const refreshTtl = v.REFRESH_TOKEN_TTL_SECONDS ?? 1800;
  const sessionMax = v.SESSION_MAX_SECONDS ?? 43200;

  if (isProduction && !v.JWT_SECRET) problems.push('JWT_SECRET: is required when NODE_ENV=production');
  if (isProduction && !v.USERKEY_KEY) problems.push('USERKEY_KEY: is required when NODE_ENV=production');
  if (refreshTtl > sessionMax) {
    problems.push(`REFRESH_TOKEN_TTL_SECONDS: must not exceed SESSION_MAX_SECONDS (${sessionMax})`);
  }
  if (v.OIDC_ISSUER && !v.OIDC_CLIENT_ID) problems.push('OIDC_CLIENT_ID: is required when OIDC_ISSUER is set');
  if (!v.OIDC_ISSUER && (v.OIDC_CLIENT_ID || v.OIDC_CLIENT_SECRET)) {
    problems.push('OIDC_ISSUER: is required when OIDC_CLIENT_ID or OIDC_CLIENT_SECRET is set');
  }
  if (isProduction && v.OIDC_ISSUER?.startsWith('http:')) {
    problems.push('OIDC_ISSUER: must use https:// when NODE_ENV=production');
  }
  if ((v.WEB_CONCURRENCY ?? 1) > 1 && !v.DATABASE_URL) {
    problems.push(
      'WEB_CONCURRENCY: above 1 needs DATABASE_URL (PostgreSQL); the embedded database (PGlite) belongs to one process',
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const base = env.INIT_CWD ?? process.cwd();
  const resolvePath = (value: string | undefined, fallback: string) =>
    value === undefined ? fallback : path.resolve(base, value);
  const publicUrl = v.PUBLIC_URL ?? null;

  return {
    port,
    // Demo mode publishes its users' password: it stays on loopback unless HOST is set on purpose.
    host: v.HOST ?? (demoMode ? '127.0.0.1' : '0.0.0.0'),
    dataDir: resolvePath(v.DATA_DIR, path.join(REPO_ROOT, 'data')),
    databaseUrl: v.DATABASE_URL ?? null,
    migrationDatabaseUrl: v.MIGRATION_DATABASE_URL ?? null,
    databasePoolSize: v.DATABASE_POOL_SIZE ?? 10,
    webConcurrency: v.WEB_CONCURRENCY ?? 1,
    nodeEnv,
    demoMode,
    jwtSecret: v.JWT_SECRET ?? null,
    userkeyKey: v.USERKEY_KEY ?? null,
    accessTokenTtlSeconds: v.ACCESS_TOKEN_TTL_SECONDS ?? 900,
    refreshTokenTtlSeconds: refreshTtl,
    sessionMaxSeconds: sessionMax,
    smtpUrl: v.SMTP_URL ?? null,
    mailFrom: v.MAIL_FROM ?? 'Recovery Desk <no-reply@recovery-desk.local>',
    oidc:
      v.OIDC_ISSUER && v.OIDC_CLIENT_ID
        ? {
            issuer: v.OIDC_ISSUER,
            clientId: v.OIDC_CLIENT_ID,
            clientSecret: v.OIDC_CLIENT_SECRET ?? null,
            redirectUri: v.OIDC_REDIRECT_URI ?? `${publicUrl ?? `http://localhost:${port}`}/sso/callback`,
          }
        : null,
    publicUrl,
    corsOrigins: v.CORS_ORIGINS ?? [],
    chatWidgetUrl: v.CHAT_WIDGET_URL ?? null,
    mapsApiKey: v.MAPS_API_KEY ?? null,
    mapTileUrl: v.MAP_TILE_URL ?? null,
    mapTileAttribution: v.MAP_TILE_ATTRIBUTION ?? null,
    mobileDeepLink: v.MOBILE_DEEP_LINK ?? null,
    logLevel: v.LOG_LEVEL ?? 'info',
    webDist: resolvePath(v.WEB_DIST, path.join(REPO_ROOT, 'apps/web/dist')),
    documentDir: v.DOCUMENT_DIR === undefined ? null : path.resolve(base, v.DOCUMENT_DIR),
    trayCountCacheSeconds: v.TRAY_COUNT_CACHE_SECONDS ?? 15,
    principalCacheSeconds: v.PRINCIPAL_CACHE_SECONDS ?? 5,
    positionsDeviceIntervalSeconds: v.POSITIONS_DEVICE_INTERVAL_SECONDS ?? 5,
    exportSyncMaxRows: v.EXPORT_SYNC_MAX_ROWS ?? 2000,
    downloadRetentionDays: v.DOWNLOAD_RETENTION_DAYS ?? 30,
    noticeSyncMaxCases: v.NOTICE_SYNC_MAX_CASES ?? 10,
    sarfaesiSecondValuationAboveMinor: (v.SARFAESI_SECOND_VALUATION_ABOVE ?? 5_000_000) * 100,
    repoSecondValuationAboveMinor: (v.REPO_SECOND_VALUATION_ABOVE ?? 1_000_000) * 100,
    accountMarks: v.ACCOUNT_MARKS ?? parseAccountMarks(undefined),
    settlementGraceDays: v.SETTLEMENT_GRACE_DAYS ?? 7,
    retentionDays: v.RETENTION_DAYS ?? 90,
    scheduleTimeZone: v.SCHEDULE_TIME_ZONE ?? 'Asia/Kolkata',
    settlementApprovalTatDays: v.SETTLEMENT_APPROVAL_TAT_DAYS ?? 3,
    settlementMatrix: v.SETTLEMENT_MATRIX ?? DEFAULT_SETTLEMENT_MATRIX,
    receiptPostingOrder: v.RECEIPT_POSTING_ORDER ?? DEFAULT_POSTING_ORDER,
    jobLeaseSeconds: v.JOB_LEASE_SECONDS ?? 60,
    jobLanes: v.JOB_LANES ?? (v.DATABASE_URL ? 2 : 1),
    trustProxy: v.TRUST_PROXY ?? false,
    auditKey: v.AUDIT_KEY ?? null,
    signInOtpAuthorities: otpAuthorities(v.SIGN_IN_OTP_AUTHORITIES ?? ['approvers']),
    upi: {
      provider: v.UPI_PROVIDER ?? 'sandbox',
      providerUrl: v.UPI_PROVIDER_URL ?? null,
      webhookSecret: v.UPI_WEBHOOK_SECRET ?? null,
    },
    reconWindowDays: v.RECON_DATE_WINDOW_DAYS ?? 3,
    nachBounceChargeMinor: toCents(v.NACH_BOUNCE_CHARGE ?? '0'),
  };
}

function otpAuthorities(entries: readonly string[]): readonly string[] {
  const codes = new Set<string>();
  for (const entry of entries) {
    if (entry === 'approvers') for (const code of APPROVER_AUTHORITIES) codes.add(code);
    else if (entry !== 'none') codes.add(entry);
  }
  return [...codes];
}

/** The key of the audit checkpoint signatures: AUDIT_KEY, else one derived from JWT_SECRET. */
export function auditKeyOf(config: Pick<Config, 'auditKey' | 'jwtSecret'>): string {
  return (
    config.auditKey ?? createHmac('sha256', config.jwtSecret).update('recovery-desk audit checkpoints').digest('hex')
  );
}

/** The secret of the UPI provider's callback signatures: UPI_WEBHOOK_SECRET, else one derived from JWT_SECRET. */
export function upiWebhookSecretOf(config: Pick<Config, 'upi' | 'jwtSecret'>): string {
  return (
    config.upi.webhookSecret ?? createHmac('sha256', config.jwtSecret).update('recovery-desk upi webhook').digest('hex')
  );
}

type DemoSecrets = { jwtSecret: string; userkeyKey: string };

function randomSecrets(): DemoSecrets {
  return { jwtSecret: randomBytes(48).toString('base64url'), userkeyKey: randomBytes(32).toString('base64') };
}

function isDemoSecrets(value: unknown): value is DemoSecrets {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.jwtSecret === 'string' &&
    record.jwtSecret.length >= 32 &&
    typeof record.userkeyKey === 'string' &&
    isBase64Key(record.userkeyKey)
  );
}

// Outside production, missing secrets are generated. With PGlite they are kept in DATA_DIR so a restart
// keeps sessions; with PostgreSQL there is no local folder to trust, so they live for the process only.
function persistedSecrets(dataDir: string): DemoSecrets {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'demo-secrets.json');
  try {
    fs.writeFileSync(file, JSON.stringify(randomSecrets()), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stored: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!isDemoSecrets(stored))
    throw new ConfigError([`DATA_DIR: ${file} is damaged; delete it to generate new secrets`]);
  return stored;
}

export type SecretSource = 'environment' | 'data-dir' | 'process';

/** Fills in generated secrets outside production (see CONFIG_VARS). */
export function resolveSecrets(parsed: ParsedConfig): { config: Config; source: SecretSource } {
  if (parsed.jwtSecret && parsed.userkeyKey) {
    return { config: { ...parsed, jwtSecret: parsed.jwtSecret, userkeyKey: parsed.userkeyKey }, source: 'environment' };
  }
  const generated = parsed.databaseUrl ? randomSecrets() : persistedSecrets(parsed.dataDir);
  return {
    config: {
      ...parsed,
      jwtSecret: parsed.jwtSecret ?? generated.jwtSecret,
      userkeyKey: parsed.userkeyKey ?? generated.userkeyKey,
    },
    source: parsed.databaseUrl ? 'process' : 'data-dir',
  };
}
