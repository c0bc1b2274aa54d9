import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Database } from '@recovery-desk/db/client.ts';
import { auditLog, mailOutbox, otpCodes, users } from '@recovery-desk/db/schema.ts';
import { OTP_TTL_SECONDS } from '@recovery-desk/domain/sign-in.ts';
import { sealUserkey } from '@recovery-desk/domain/userkey.ts';
import type { WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import { buildApp } from '../../src/app.ts';
import type { Clock } from '../../src/clock.ts';
import { parseConfig, resolveSecrets, type Config } from '../../src/config.ts';
import type { JobKind } from '../../src/jobs/job-kind.ts';
import type { MailTransport } from '../../src/mail/smtp-transport.ts';
import type { ApprovalHandler } from '../../src/modules/approvals/approval-handler.ts';
import { generateOtpCode, hashOtp } from '../../src/modules/auth/otp-codes.ts';
import { queryRows, type TestUser } from '../factories.ts';

export const TEST_USERKEY_KEY = Buffer.alloc(32, 7).toString('base64');
export const TEST_JWT_SECRET = 'integration-test-secret-0123456789abcdef';

/** A clock the test moves by hand; `sleep` records the delay instead of waiting. */
export class FakeClock implements Clock {
  private current: number;
  readonly sleeps: number[] = [];

  constructor(start = Date.now()) {
    this.current = start;
  }

  now = (): Date => new Date(this.current);

  sleep = async (ms: number): Promise<void> => {
    this.sleeps.push(ms);
  };

  advance(seconds: number): void {
    this.current += seconds * 1000;
  }
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const { config } = resolveSecrets(
    parseConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      JWT_SECRET: TEST_JWT_SECRET,
      USERKEY_KEY: TEST_USERKEY_KEY,
      WEB_DIST: '/nonexistent/recovery-desk-web-dist',
      DATA_DIR: '/nonexistent/recovery-desk-data',
      // Tests mint data straight into the database; counts are recounted every time unless a test turns the
      // cache on (tray-count-cache.test.ts).
      TRAY_COUNT_CACHE_SECONDS: '0',
      // Tests send a device's batches back to back on a fake clock; the per-device limit has its own test.
      POSITIONS_DEVICE_INTERVAL_SECONDS: '0',
    }),
  );
  return { ...config, ...overrides };
}

/** Collects log lines (for redaction tests). */
export class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    callback();
  }
  get text(): string {
    return this.lines.join('\n');
  }
}

export type TestApp = {
  app: FastifyInstance;
  clock: FakeClock;
  config: Config;
  db: Database;
  inject: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  seal: (payload: unknown) => Promise<string>;
  close: () => Promise<void>;
};

export async function createTestApp(
  db: Database,
  options: {
    config?: Partial<Config>;
    clock?: FakeClock;
    mailer?: MailTransport;
    logStream?: Writable;
    /** the built-in workflow definitions the app serves stage routes for (default: the code's) */
    builtInDefinitions?: readonly WorkflowDefinition[];
    /** extra routes for a test (registered before the app is ready) */
    routes?: (app: FastifyInstance) => void;
    /** the job kinds the worker runs (default: every kind of the product) */
    jobKinds?: readonly JobKind<never>[];
    /** approval flows a test declares (beside the built-in ones) */
    approvalHandlers?: readonly ApprovalHandler<never>[];
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.config);
  const clock = options.clock ?? new FakeClock();
  const app = buildApp({
    config,
    db,
    clock,
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.approvalHandlers ? { approvalHandlers: options.approvalHandlers } : {}),
    ...(options.builtInDefinitions ? { builtInDefinitions: options.builtInDefinitions } : {}),
    ...(options.jobKinds ? { jobWorker: { kinds: options.jobKinds } } : {}),
  });
  options.routes?.(app);
  await app.ready();
  return {
    app,
    clock,
    config,
    db,
    inject: (injectOptions) => app.inject(injectOptions),
    seal: (payload) => sealUserkey(payload, config.userkeyKey),
    close: () => app.close(),
  };
}

export type Tokens = { access: string; refresh: string };

export async function postToken(t: TestApp, payload: unknown, remoteAddress?: string) {
  return t.inject({
    method: 'POST',
    url: '/token/',
    payload: { userkey: await t.seal(payload) },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/**
 * Mints a sign-in code for a user as /sendOtpApi would (its newest LOGIN code, hashed with the app's secret), without
 * the mail and its 120-second resend cooldown, so a test can sign in an approver as often as it needs.
 */
export async function mintLoginCode(
  t: { db: Database; clock: Clock; config: Pick<Config, 'jwtSecret'> },
  username: string,
): Promise<string> {
  const [user] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  if (!user) throw new Error(`no user ${username}`);
  const [newest] = await t.db
    .select({ at: sql<string | null>`max(${otpCodes.createdAt})` })
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, user.id), eq(otpCodes.purpose, 'LOGIN')));
  const now = t.clock.now();
  const createdAt = newest?.at && new Date(newest.at) >= now ? new Date(new Date(newest.at).getTime() + 1) : now;
  const code = generateOtpCode();
  await t.db.insert(otpCodes).values({
    id: randomUUID(),
    userId: user.id,
    purpose: 'LOGIN',
    codeHash: hashOtp(t.config.jwtSecret, user.id, 'LOGIN', code),
    expiresAt: new Date(createdAt.getTime() + OTP_TTL_SECONDS * 1000),
    createdAt,
  });
  return code;
}

/**
 * Signs a user in through POST /token/. When the server asks for a one-time code (approver authorities, the user's
 * flag or the organisation's setting), a code is minted and the sign-in repeated with it.
 */
export async function signIn(t: TestApp, user: Pick<TestUser, 'username' | 'password'>, otp?: string): Promise<Tokens> {
  let response = await postToken(t, { username: user.username, password: user.password, ...(otp ? { otp } : {}) });
  if (!otp && response.statusCode === 401 && response.json<{ error_code: string }>().error_code === 'OTP_REQUIRED') {
    const code = await mintLoginCode(t, user.username);
    response = await postToken(t, { username: user.username, password: user.password, otp: code });
  }
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const body = response.json<Tokens & { error_code: string }>();
  return { access: body.access, refresh: body.refresh };
}

export function bearer(access: string, actingUnit?: number): Record<string, string> {
  return {
    authorization: `Bearer ${access}`,
    ...(actingUnit === undefined ? {} : { 'x-acting-unit': String(actingUnit) }),
  };
}

export async function auditRows(db: Database, filter: { action?: string; entityId?: string | number } = {}) {
  const conditions = [
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.entityId !== undefined ? eq(auditLog.entityId, String(filter.entityId)) : undefined,
  ].filter((condition) => condition !== undefined);
  return db
    .select()
    .from(auditLog)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(auditLog.id));
}

/** The audit chain check of the architecture document: every row's hash recomputes. */
export async function auditChainIntact(db: Database): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean | null; rows: number }>(
    db,
    sql`select bool_and(audit_row_hash(prev_hash, audit_log) = hash) as ok, count(*)::int as rows from audit_log`,
  );
  return row?.ok === true && row.rows > 0;
}

export async function latestMailTo(db: Database, address: string) {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.toAddress}) = lower(${address})`)
    .orderBy(sql`${mailOutbox.id} desc`)
    .limit(1);
  return row;
}

export function codeIn(body: string): string {
  const match = /code is (\d{6})/.exec(body);
  if (!match?.[1]) throw new Error('no code in mail');
  return match[1];
}
