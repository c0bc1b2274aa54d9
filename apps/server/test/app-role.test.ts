import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { REPO_ROOT } from '../src/config.ts';
import { createUnit, createUser, ensureOrganisation } from './factories.ts';
import { bearer, createTestApp, signIn, type TestApp } from './support/test-app.ts';

// In production the server connects as an app role that does not own the schema (README, "Database roles"; the SQL
// is packages/db/sql/app-role.sql): it cannot change or delete audit rows, disable the append-only triggers or alter
// the tables, while the app works. On PostgreSQL the app logs in as that role (migrations as the owner through
// MIGRATION_DATABASE_URL); on PGlite, one superuser connection, the refusals are shown under SET ROLE.

const APP_ROLE_SQL = fs.readFileSync(path.join(REPO_ROOT, 'packages/db/sql/app-role.sql'), 'utf8');

function roleStatements(role: string, database: string): string[] {
  return APP_ROLE_SQL.replace(/^--.*$/gm, '')
    .replaceAll('recovery_desk_app', role)
    .replaceAll('DATABASE recovery_desk', `DATABASE ${database}`)
    .replace("PASSWORD 'change-me'", '')
    .split(';')
    .map((statement) => statement.trim())
    .filter(Boolean);
}

const FORBIDDEN: [string, RegExp][] = [
  ['update audit_log set action = action', /permission denied/],
  ['delete from audit_log', /permission denied/],
  ['truncate audit_log', /permission denied/],
  ['update audit_checkpoints set head_hash = head_hash', /permission denied/],
  ['delete from audit_checkpoints', /permission denied/],
  ['alter table audit_log disable trigger user', /must be owner/],
  ['alter table audit_log disable trigger audit_log_no_update_trg', /must be owner/],
  ['drop trigger audit_log_no_update_trg on audit_log', /must be owner/],
  ['alter table audit_log add column note text', /must be owner/],
  ['set session_replication_role = replica', /permission denied/],
];

async function refusal(db: Database, statement: string, asRole?: string): Promise<string> {
  try {
    await db.transaction(async (tx) => {
      if (asRole) await tx.execute(sql.raw(`set local role ${asRole}`));
      await tx.execute(sql.raw(statement));
    });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
  return 'accepted';
}

describe.each(testDatabaseKinds())('the app role (%s)', (kind) => {
  let owner: DatabaseHandle;
  let app: DatabaseHandle;
  let t: TestApp;
  let role: string;
  let dataDir: string;

  beforeAll(async () => {
    owner = await openTestDatabase(kind);
    await ensureOrganisation(owner.db);
    role = `rd_app_${randomBytes(4).toString('hex')}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-role-'));
    if (kind === 'postgres') {
      const ownerUrl = new URL(process.env.TEST_DATABASE_URL!);
      ownerUrl.pathname = owner.location.slice(owner.location.indexOf('/'));
      const database = ownerUrl.pathname.slice(1);
      const client = new pg.Client({ connectionString: ownerUrl.toString() });
      await client.connect();
      try {
        for (const statement of roleStatements(role, database)) await client.query(statement);
      } finally {
        await client.end();
      }
      const appUrl = new URL(ownerUrl);
      appUrl.username = role;
      appUrl.password = '';
      app = await openDatabase({
        kind: 'postgres',
        url: appUrl.toString(),
        poolSize: 4,
        migrationUrl: ownerUrl.toString(),
      });
    } else {
      // PGlite: the same grants; the refusals run under SET ROLE on its one connection.
      for (const statement of roleStatements(role, 'postgres').filter((s) => !s.startsWith('GRANT CONNECT')))
        await owner.db.execute(sql.raw(statement.replace(' LOGIN', ' NOLOGIN')));
      app = owner;
    }
    t = await createTestApp(app.db, { config: { dataDir } });
  });
  afterAll(async () => {
    await t?.close();
    if (app !== owner) await app?.close();
    await owner?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`DROP ROLE IF EXISTS ${role}`);
      } finally {
        await client.end();
      }
    }
  });

  it.each(FORBIDDEN)('refuses the app role: %s', async (statement, expected) => {
    expect(await refusal(app.db, statement, kind === 'pglite' ? role : undefined)).toMatch(expected);
  });

  it('lets the app work as that role: sign-in, audit rows, a checkpoint and the verification', async () => {
    const unit = await createUnit(owner.db);
    const admin = await createUser(owner.db, {
      units: [{ unit, grants: { collapp: [{ system_auth: 'SCHED_PRO_COLL_SAUTH' }] } }],
    });
    const { access } = await signIn(t, admin);
    await t.app.jobs.schedule();
    await t.app.jobs.drain();
    const reply = await t.inject({ method: 'GET', url: '/api/admin/audit/verify', headers: bearer(access, unit.id) });
    expect(reply.statusCode, reply.body).toBe(200);
    const report = reply.json<{ ok: boolean; checkpoints: number; rows: number }>();
    expect(report.ok).toBe(true);
    expect(report.checkpoints).toBeGreaterThanOrEqual(1);
    expect(report.rows).toBeGreaterThan(0);
  });
});
