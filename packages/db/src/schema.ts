import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** One row: the lender. Holds the business date all rules use (not the wall clock). */
export const organisation = pgTable('organisation', {
  id: smallint('id').primaryKey().default(1),
  name: text('name').notNull(),
  businessDate: date('business_date').notNull(),
  otpForLogin: text('otp_for_login').notNull().default('NO'),
  createdAt: createdAt(),
});

/** Head office → zones → regions → branches. `path` is the materialised ancestry ("/1/4/9/") for subtree scope. */
export const units = pgTable(
  'units',
  {
    id: serial('id').primaryKey(),
    unitCode: text('unit_code').notNull(),
    name: text('name').notNull(),
    level: text('level').notNull(),
    parentId: integer('parent_id'),
    path: text('path').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('units_unit_code_uq').on(t.unitCode), index('units_path_idx').on(t.path)],
);

/** The apps a user picks between (data, seeded from the domain's APPS list). */
export const apps = pgTable('apps', {
  code: text('code').primaryKey(),
  labelKey: text('label_key').notNull(),
  homePath: text('home_path').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    /** a 10-digit mobile number (User Approval, issue 14); null when none was given */
    mobile: text('mobile'),
    passwordHash: text('password_hash').notNull(),
    otpRequired: boolean('otp_required').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** consecutive failed sign-ins; reset on success */
    failedCount: integer('failed_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    ssoSubject: text('sso_subject'),
    /** the language (en, hi, ar, de) the user last signed in with: mails to them are written in it */
    language: text('language'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
  ],
);

/** Units a user may act in. */
export const userUnits = pgTable(
  'user_units',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.unitId] })],
);

/** Per user, per unit, per app: authority entries `{system_auth, tabs:[{name, editable}]}` (spec §3). */
export const userAuthorities = pgTable(
  'user_authorities',
  {
    userId: integer('user_id').notNull(),
    unitId: integer('unit_id').notNull(),
    appCode: text('app_code')
      .notNull()
      .references(() => apps.code),
    systemAuth: text('system_auth').notNull(),
    tabs: jsonb('tabs').$type<{ name: string; editable: boolean }[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.userId, t.unitId, t.appCode, t.systemAuth] })],
);

/** Refresh tokens, stored hashed; each use rotates to a new row in the same family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    familyId: uuid('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    familyExpiresAt: timestamp('family_expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/** One-time codes for sign-in and password reset: hashed, single use, expiring, limited tries. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt)],
);

/** One-time grants handed to the browser after single sign-on, redeemed at POST /token/. */
export const ssoGrants = pgTable('sso_grants', {
  id: uuid('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  grantHash: text('grant_hash').notNull().unique(),
  familyId: uuid('family_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Pending single sign-on requests (state, nonce, PKCE verifier) between redirect and callback. */
export const ssoRequests = pgTable('sso_requests', {
  state: text('state').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  resourceApp: text('resource_app'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Outgoing mail. Sent through SMTP when configured; in demo mode without SMTP it stays here to read. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status').notNull().default('PENDING'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** SMTP attempts so far; a PENDING or FAILED message is retried until MAIL_MAX_ATTEMPTS */
    attempts: integer('attempts').notNull().default(0),
    /** not tried again before this time: the lease of the sender trying it, then the retry backoff */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_to_idx').on(t.toAddress, t.createdAt),
    index('mail_outbox_retry_idx').on(t.status, t.nextAttemptAt),
  ],
);

/** Maps script usage per acting unit code (spec §7 googleApiTrackerApi), for reporting. */
export const mapsApiUsage = pgTable(
  'maps_api_usage',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    unitCode: text('unit_code').notNull(),
    googleApi: text('google_api').notNull(),
    callFrom: text('call_from').notNull(),
    userId: integer('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('maps_api_usage_unit_idx').on(t.unitCode, t.createdAt)],
);

/**
 * Append-only audit trail, hash-chained by a trigger (see the custom migration): every mutation writes
 * one row in its own transaction. UPDATE and DELETE are refused by trigger.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    actorUsername: text('actor_username'),
    actingUnitId: integer('acting_unit_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    ip: text('ip'),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId), index('audit_log_actor_idx').on(t.actorUserId, t.at)],
);

/**
 * Anchors of the audit chain outside `audit_log`: the head row (id and hash) and the number of rows up to it, signed
 * with a key the database does not hold (HMAC-SHA256 under AUDIT_KEY), each checkpoint chained to the one before.
 * Append-only like the trail (migration 0013). A copy of each line goes to DATA_DIR/audit-checkpoints.jsonl.
 */
export const auditCheckpoints = pgTable('audit_checkpoints', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  headId: bigint('head_id', { mode: 'number' }).notNull(),
  headHash: text('head_hash').notNull(),
  rowCount: bigint('row_count', { mode: 'number' }).notNull(),
  prevSignature: text('prev_signature'),
  signature: text('signature').notNull(),
});
