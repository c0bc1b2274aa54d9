import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, prepareMigratedPgliteDataDir, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { ANCHOR_FILE_NAME, auditAnchorOf, writeAuditCheckpoint } from '../src/audit/audit-chain.ts';
import { emitAudit } from '../src/audit/emit-audit.ts';
import { REPO_ROOT } from '../src/config.ts';
import { withTransaction } from '../src/db/transaction.ts';
import { createUnit, createUser, ensureOrganisation, queryRows } from './factories.ts';
import { bearer, createTestApp, signIn, TEST_JWT_SECRET, TEST_USERKEY_KEY, type TestApp } from './support/test-app.ts';

// The audit trail's tamper evidence: the chain (triggers) finds an edited row and a deleted middle row; the signed
// checkpoints (table + anchor file under DATA_DIR) find an edited and re-hashed row, a deleted and re-chained row and
// deleted newest rows. Someone who can write the database can do all of these (here: as the owner, triggers off).

type Problem = { kind: string; id: number };
const kindsOf = (problems: Problem[]) => [...new Set(problems.map((problem) => problem.kind))].sort();

async function writeRows(db: Database, count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    await withTransaction(db, (tx) =>
      emitAudit(
        tx,
        { requestId: `req-${index}`, ip: '127.0.0.1', user: null, actingUnit: null, app: null },
        { action: 'test.write', entity: 'thing', entityId: index, after: { index } },
      ),
    );
  }
}

async function ids(db: Database): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`select id from audit_log order by id`);
  return rows.map((row) => Number(row.id));
}

/** As the owner: the append-only triggers off for one change. */
async function tamper(db: Database, change: ReturnType<typeof sql>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_log disable trigger user`);
    await tx.execute(change);
    await tx.execute(sql`alter table audit_log enable trigger user`);
  });
}

/** Recomputes the chain from row `fromId` on, as a forger who knows the hash function would. */
function rechainFrom(fromId: number) {
  return sql.raw(`do $$
    declare r record; prev text;
    begin
      select hash into prev from audit_log where id < ${fromId} order by id desc limit 1;
      for r in select id from audit_log where id >= ${fromId} order by id loop
        update audit_log set prev_hash = prev where id = r.id;
        update audit_log a set hash = audit_row_hash(a.prev_hash, a) where a.id = r.id returning a.hash into prev;
      end loop;
    end $$`);
}

describe.each(testDatabaseKinds())('audit trail tamper evidence (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let dataDir: string;
  let opened: { close: () => Promise<void> }[] = [];
  let adminToken: string;
  let adminUnit: number;

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-audit-'));
    handle = await openTestDatabase(kind);
    opened.push(handle);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db, { config: { dataDir } });
    opened.push(t);
    const ho = await createUnit(handle.db);
    const admin = await createUser(handle.db, {
      units: [{ unit: ho, grants: { collapp: [{ system_auth: 'SCHED_PRO_COLL_SAUTH' }] } }],
    });
    adminToken = (await signIn(t, admin)).access;
    adminUnit = ho.id;
    await writeRows(handle.db, 8);
  });
  afterEach(async () => {
    // What this test's beforeEach opened (not a previous test's, when this one failed to open).
    for (const resource of opened.reverse()) await resource.close();
    opened = [];
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const verifyThroughApi = async () => {
    const reply = await t.inject({
      method: 'GET',
      url: '/api/admin/audit/verify',
      headers: bearer(adminToken, adminUnit),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<{ ok: boolean; rows: number; checkpoints: number; problems: Problem[] }>();
  };
  /** The scheduled job anchors the head: a checkpoint row and a line of the anchor file. */
  const checkpointNow = async () => {
    // Only the checkpoint: the morning report pack (on by default) would write audit rows after the anchored head.
    await handle.db.execute(
      sql`insert into process_schedules (code, enabled, time_of_day) values ('reports.daily_pack', false, '07:00')
        on conflict (code) do update set enabled = false`,
    );
    expect(await t.app.jobs.schedule()).toBeGreaterThanOrEqual(1);
    await t.app.jobs.drain();
    const [row] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from audit_checkpoints`);
    expect(row!.n).toBeGreaterThanOrEqual(1);
  };

  it('finds an intact chain intact, with its checkpoint in the table and the anchor file', async () => {
    await checkpointNow();
    const report = await verifyThroughApi();
    expect(report).toMatchObject({ ok: true, problems: [] });
    expect(report.rows).toBe((await ids(handle.db)).length);
    const lines = fs.readFileSync(path.join(dataDir, ANCHOR_FILE_NAME), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(report.checkpoints);
    // Writes after the checkpoint still chain.
    await writeRows(handle.db, 2);
    expect((await verifyThroughApi()).ok).toBe(true);
  });

  it('refuses the verification to a user without the administrators’ authority', async () => {
    const unit = await createUnit(handle.db);
    const other = await createUser(handle.db, {
      units: [{ unit, grants: { collapp: [{ system_auth: 'UPLOAD_DASH_SAUTH' }] } }],
    });
    const token = (await signIn(t, other)).access;
    const reply = await t.inject({ method: 'GET', url: '/api/admin/audit/verify', headers: bearer(token, unit.id) });
    expect(reply.statusCode).toBe(403);
  });

  it('detects an edited row', async () => {
    await checkpointNow();
    const target = (await ids(handle.db))[3]!;
    await tamper(handle.db, sql`update audit_log set after = '{"index": 99}'::jsonb where id = ${target}`);
    const report = await verifyThroughApi();
    expect(report.ok).toBe(false);
    expect(report.problems).toContainEqual(expect.objectContaining({ kind: 'row_hash', id: target }));
  });

  it('detects an edited and re-hashed row (the whole chain recomputed after it)', async () => {
    await checkpointNow();
    const target = (await ids(handle.db))[3]!;
    await tamper(handle.db, sql`update audit_log set after = '{"index": 99}'::jsonb where id = ${target}`);
    await tamper(handle.db, rechainFrom(target));
    const report = await verifyThroughApi();
    expect(report.ok).toBe(false);
    // The chain itself is consistent again: only the signed checkpoint gives it away.
    expect(kindsOf(report.problems)).toEqual(['checkpoint_mismatch']);
  });

  it('detects a deleted middle row, also when the chain is recomputed after it', async () => {
    await checkpointNow();
    const all = await ids(handle.db);
    const target = all[4]!;
    await tamper(handle.db, sql`delete from audit_log where id = ${target}`);
    let report = await verifyThroughApi();
    expect(report.ok).toBe(false);
    expect(report.problems).toContainEqual(expect.objectContaining({ kind: 'chain_link', id: all[5] }));

    await tamper(handle.db, rechainFrom(all[5]!));
    report = await verifyThroughApi();
    expect(report.ok).toBe(false);
    expect(kindsOf(report.problems)).toEqual(['checkpoint_mismatch']);
  });

  it('detects deleted newest rows, also when the checkpoints are cut with them', async () => {
    await checkpointNow();
    const all = await ids(handle.db);
    const cut = all.slice(-3);
    await tamper(handle.db, sql`delete from audit_log where id >= ${cut[0]}`);
    let report = await verifyThroughApi();
    expect(report.ok).toBe(false);
    expect(kindsOf(report.problems)).toEqual(['checkpoint_mismatch']);

    // The forger also deletes the checkpoints that name the cut rows: the anchor file outside the database remains.
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`alter table audit_checkpoints disable trigger user`);
      await tx.execute(sql`delete from audit_checkpoints`);
      await tx.execute(sql`alter table audit_checkpoints enable trigger user`);
    });
    report = await verifyThroughApi();
    expect(report.ok).toBe(false);
    expect(kindsOf(report.problems)).toEqual(['checkpoint_missing']);
  });

  it('detects a forged checkpoint (not signed with the audit key)', async () => {
    const anchor = auditAnchorOf(handle.db, { ...t.config, auditKey: 'a-forger-does-not-have-the-real-key-0123' });
    await writeAuditCheckpoint({ ...anchor, anchorFile: null }, t.clock.now());
    const report = await verifyThroughApi();
    expect(kindsOf(report.problems)).toEqual(['checkpoint_signature']);
  });
});

describe.each(testDatabaseKinds())('npm run audit:verify (%s)', (kind) => {
  const run = promisify(execFile);
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rd-audit-cli-'));
  });
  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('exits 0 on an intact trail and 1, naming the problem, on a tampered one', async () => {
    // PGlite: a database in a folder the command opens once the test has closed it; PostgreSQL: a test database.
    const test = kind === 'postgres' ? await openTestDatabase(kind) : null;
    // The folder starts migrated (from the tests' snapshot): the command is under test, not the migrations.
    if (!test) await prepareMigratedPgliteDataDir(dataDir);
    const open = async () => test ?? (await openDatabase({ kind: 'pglite', dataDir }));
    const url = test ? testUrlOf(test) : '';
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      USERKEY_KEY: TEST_USERKEY_KEY,
      DATABASE_URL: url,
    };
    const command = () =>
      run('node', ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/cli/audit-verify.ts')], {
        env,
        cwd: REPO_ROOT,
      });
    try {
      let handle = await open();
      await ensureOrganisation(handle.db);
      await writeRows(handle.db, 5);
      const config = { auditKey: null, jwtSecret: TEST_JWT_SECRET, dataDir };
      await writeAuditCheckpoint(auditAnchorOf(handle.db, config), new Date());
      if (!test) await handle.close();

      const intact = await command();
      expect(intact.stdout).toContain('Audit trail intact');

      handle = await open();
      const target = (await ids(handle.db))[2]!;
      await tamper(handle.db, sql`update audit_log set action = 'test.forged' where id = ${target}`);
      if (!test) await handle.close();
      const failed = await command().then(
        () => null,
        (error: { code: number; stdout: string }) => error,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stdout).toContain('"kind": "row_hash"');
      expect(failed?.stdout).toContain('Audit trail NOT intact');
    } finally {
      await test?.close();
    }
  });
});

function testUrlOf(handle: DatabaseHandle): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = handle.location.slice(handle.location.indexOf('/'));
  return url.toString();
}
