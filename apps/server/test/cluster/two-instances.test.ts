import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '@recovery-desk/db/collections-schema.ts';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { legalSettingsSchema, type LegalSettings } from '@recovery-desk/domain/legal/contracts.ts';
import { createAccount, createOrg, createStaff } from '../collections/factories.ts';
import { createUser, uniqueName } from '../factories.ts';
import { createLegalStaff, createPoolAccount, MANAGER_AUTHORITIES, OFFICER_AUTHORITIES } from '../legal/factories.ts';
import { auditRows } from '../support/test-app.ts';
import { accessToken, call, postToken, startCluster, type Cluster, type Instance } from './cluster.ts';

// The API is stateless: several instances behind a load balancer, with no sticky sessions, behave as one. Two
// instances on one database (two server processes on PostgreSQL; two apps of one process on PGlite, which one process
// owns), with the tray count cache on.

const WRONG_CREDENTIALS = { detail: 'Wrong credentials entered!', error_code: 'INVALID_CREDENTIALS' };

describe.each(testDatabaseKinds())('two instances on one database (%s)', (kind) => {
  let cluster: Cluster;
  let a: Instance;
  let b: Instance;
  let addressNo = 0;
  /** a client address of its own for each test, so the per-address limits of one test do not touch another */
  const freshAddress = () => {
    addressNo += 1;
    return `198.51.100.${addressNo}`;
  };
  const codeOf = (reply: { json: <T>() => T }) => reply.json<{ error_code: string }>().error_code;
  /**
   * Reads until `done` holds, for at most 5 s; returns the last read. Another instance hears a change through the
   * database's notice on its own connection, so its next read may come a moment before the notice does.
   */
  const untilTrue = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
    const deadline = Date.now() + 5_000;
    let value = await read();
    while (!done(value) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      value = await read();
    }
    return value;
  };

  beforeAll(async () => {
    cluster = await startCluster(kind, { env: { TRAY_COUNT_CACHE_SECONDS: '300', PRINCIPAL_CACHE_SECONDS: '60' } });
    [a, b] = cluster.instances as [Instance, Instance];
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it('locks an account at the 10th wrong password overall, alternating between the instances', async () => {
    const user = await createUser(cluster.db);
    const ip = freshAddress();
    const wrong = { username: user.username, password: 'wrong-password-123' };
    const codes: string[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      codes.push(codeOf(await postToken(attempt % 2 === 0 ? a : b, wrong, ip)));
    }
    expect(codes).toEqual([...Array<string>(9).fill('INVALID_CREDENTIALS'), 'ACCOUNT_LOCKED']);
    // Locked on both, even for the right password.
    for (const instance of [a, b]) {
      const reply = await postToken(instance, { username: user.username, password: user.password }, ip);
      expect(reply.status).toBe(401);
      expect(codeOf(reply)).toBe('ACCOUNT_LOCKED');
    }
  });

  it('locks an unknown username the same way across both, with the same replies', async () => {
    const ip = freshAddress();
    const ghost = { username: uniqueName('ghost.'), password: 'wrong-password-123' };
    const replies = [];
    for (let attempt = 0; attempt < 11; attempt += 1)
      replies.push(await postToken(attempt % 2 === 0 ? a : b, ghost, ip));
    for (const reply of replies.slice(0, 9)) expect(reply.json()).toEqual(WRONG_CREDENTIALS);
    expect(replies.slice(9).map(codeOf)).toEqual(['ACCOUNT_LOCKED', 'ACCOUNT_LOCKED']);
  });

  it('counts the per-address limit across both: the 21st attempt overall is refused with 429', async () => {
    const user = await createUser(cluster.db);
    const ip = freshAddress();
    const statuses: number[] = [];
    let refused = null;
    for (let attempt = 0; attempt < 21; attempt += 1) {
      const reply = await postToken(attempt % 2 === 0 ? a : b, { username: user.username, password: 'wrong-1234' }, ip);
      statuses.push(reply.status);
      if (reply.status === 429) refused = reply;
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect(codeOf(refused!)).toBe('RATE_LIMITED');
    expect(Number(refused!.retryAfter)).toBeGreaterThan(0);
    // The limit is the address's: another address is still answered.
    const elsewhere = await postToken(b, { username: user.username, password: 'wrong-1234' }, freshAddress());
    expect(elsewhere.status).toBe(401);
  });

  it('checks at most 10 passwords of 20 parallel wrong ones sent to both instances', async () => {
    const user = await createUser(cluster.db);
    const ip = freshAddress();
    const wrong = { username: user.username, password: 'wrong-password-123' };
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, index) => postToken(index % 2 === 0 ? a : b, wrong, ip)),
    );
    const codes = replies.map(codeOf);
    expect(codes.filter((code) => code === 'INVALID_CREDENTIALS')).toHaveLength(9);
    expect(codes.filter((code) => code === 'ACCOUNT_LOCKED')).toHaveLength(11);
    const failures = await auditRows(cluster.db, { action: 'auth.login_failed', entityId: user.id });
    const reasons = failures.map((row) => (row.after as { reason: string }).reason);
    expect(reasons.filter((reason) => reason === 'wrong_password')).toHaveLength(10);
    expect(reasons.filter((reason) => reason === 'locked')).toHaveLength(10);
    expect(await auditRows(cluster.db, { action: 'auth.account_locked', entityId: user.id })).toHaveLength(1);
    const right = await postToken(b, { username: user.username, password: user.password }, freshAddress());
    expect(codeOf(right)).toBe('ACCOUNT_LOCKED');
  });

  it('checks at most 10 passwords of 30 parallel wrong ones from 30 forwarded addresses, through both', async () => {
    const user = await createUser(cluster.db);
    const wrong = { username: user.username, password: 'wrong-password-123' };
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, index) => postToken(index % 2 === 0 ? a : b, wrong, freshAddress())),
    );
    const codes = replies.map(codeOf);
    expect(codes.filter((code) => code === 'INVALID_CREDENTIALS')).toHaveLength(9);
    expect(codes.filter((code) => code === 'ACCOUNT_LOCKED')).toHaveLength(21);
    const failures = await auditRows(cluster.db, { action: 'auth.login_failed', entityId: user.id });
    const reasons = failures.map((row) => (row.after as { reason: string }).reason);
    expect(reasons.filter((reason) => reason === 'wrong_password')).toHaveLength(10);
  });

  it('clears the tray count cache of every instance when a change is made through one of them', async () => {
    const org = await createOrg(cluster.db);
    const manager = await createStaff(cluster.db, org.branch, ['ALLOCATION_HOLD_SAUTH']);
    const token = await accessToken(a, manager, freshAddress());
    const heldView = '/api/collections/trays/allocationHold?view=team&searchView=onHold';
    const held = async (instance: Instance) => {
      const reply = await call(instance, 'GET', heldView, { token, unit: org.branch.id });
      expect(reply.status, reply.body).toBe(200);
      return reply.json<{ count: number; data: unknown[] }>();
    };

    const first = await createAccount(cluster.db, { unit: org.branch, dpd: 30 });
    expect((await held(a)).count).toBe(0);
    expect((await held(b)).count).toBe(0);

    // Written behind the servers' back: both keep their cached count (the cache is on), while pages are read afresh.
    const second = await createAccount(cluster.db, { unit: org.branch, dpd: 40 });
    await cluster.db.update(accounts).set({ isOnHold: true }).where(eq(accounts.id, second.id));
    for (const instance of [a, b]) {
      const stale = await held(instance);
      expect(stale.count).toBe(0);
      expect(stale.data).toHaveLength(1);
    }

    // A change through A: B counts afresh once it hears of it.
    const started = await call(a, 'POST', `/api/collections/accounts/${first.id}/holds`, {
      token,
      unit: org.branch.id,
      body: { action: 'START', reason: 'Complaint pending' },
    });
    expect(started.status, started.body).toBe(200);
    // B hears the database's notice on its own connection: moments, not the cache's 300 s
    const onB = await untilTrue(
      () => held(b),
      (reply) => reply.count === 2,
    );
    expect(onB.count).toBe(2);
    expect(onB.data).toHaveLength(2);
  });

  it('ends a session on every instance once it is logged out through one of them (the principal cache)', async () => {
    const org = await createOrg(cluster.db);
    const telecaller = await createStaff(cluster.db, org.branch, ['TELECALLER_SAUTH']);
    const signedIn = await postToken(
      a,
      { username: telecaller.username, password: telecaller.password },
      freshAddress(),
    );
    expect(signedIn.status, signedIn.body).toBe(200);
    const { access, refresh } = signedIn.json<{ access: string; refresh: string }>();
    const tray = async (instance: Instance) =>
      (await call(instance, 'GET', '/api/collections/trays/telecaller?view=my', { token: access, unit: org.branch.id }))
        .status;
    // both instances now hold the granted check (PRINCIPAL_CACHE_SECONDS is 60 here)
    expect([await tray(a), await tray(b), await tray(b)]).toEqual([200, 200, 200]);

    const logout = await call(a, 'POST', '/token/logout/', { body: { refresh_token: refresh } });
    expect(logout.status, logout.body).toBe(200);
    expect(await tray(a)).toBe(401);
    // B hears the database's notice on its own connection: moments, not the cache's 60 s
    expect(
      await untilTrue(
        () => tray(b),
        (status) => status === 401,
      ),
    ).toBe(401);
  });

  it('serves the new legal definition on every instance once the timelines change through one of them', async () => {
    const org = await createOrg(cluster.db);
    const officer = await createLegalStaff(cluster.db, org.branch, OFFICER_AUTHORITIES);
    const manager = await createLegalStaff(cluster.db, org.branch, MANAGER_AUTHORITIES);
    const officerToken = await accessToken(b, officer, freshAddress());
    const managerToken = await accessToken(a, manager, freshAddress());
    const as = (token: string) => ({ token, unit: org.branch.id });
    const settingsOn = async (instance: Instance): Promise<LegalSettings> => {
      const reply = await call(instance, 'GET', '/api/legal/settings', as(managerToken));
      expect(reply.status, reply.body).toBe(200);
      return legalSettingsSchema.parse(reply.json());
    };
    const startCaseOn = async (instance: Instance): Promise<number> => {
      const account = await createPoolAccount(cluster.db, { unit: org.branch });
      const reply = await call(instance, 'POST', '/api/legal/pool/initiate', {
        ...as(officerToken),
        body: { accountIds: [account.id], caseType: 'CIVIL_SUIT' },
      });
      expect(reply.status, reply.body).toBe(200);
      const caseId = reply.json<{ cases: { caseId: number }[] }>().cases[0]!.caseId;
      const view = await call(instance, 'GET', `/api/workflow/cases/${caseId}`, as(officerToken));
      expect(view.status, view.body).toBe(200);
      return view.json<{ case: { definitionVersion: number } }>().case.definitionVersion;
    };

    const before = await settingsOn(b);
    expect(await startCaseOn(b)).toBe(before.definitionVersion);

    const changed = await call(a, 'PUT', '/api/legal/settings', {
      ...as(managerToken),
      body: {
        version: before.version,
        timelines: { ...before.timelines, approvalSlaDays: before.timelines.approvalSlaDays + 7 },
      },
    });
    expect(changed.status, changed.body).toBe(200);
    const published = legalSettingsSchema.parse(changed.json()).definitionVersion;
    expect(published).toBe(before.definitionVersion + 1);

    const onB = await settingsOn(b);
    expect(onB.definitionVersion).toBe(published);
    expect(onB.timelines.approvalSlaDays).toBe(before.timelines.approvalSlaDays + 7);
    expect(await startCaseOn(b)).toBe(published);
    const definition = await call(b, 'GET', `/api/workflow/definitions/LEGAL/${published}`, as(officerToken));
    expect(definition.status, definition.body).toBe(200);
    expect(definition.json<{ status: string }>().status).toBe('ACTIVE');
  });
});
