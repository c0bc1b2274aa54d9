import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { createUser, ensureOrganisation, readUser, type TestUser } from './factories.ts';
import { auditRows, createTestApp, TEST_USERKEY_KEY, type TestApp } from './support/test-app.ts';
import { sealUserkey } from '@recovery-desk/domain/userkey.ts';

// Parallel wrong passwords must not get past the lockout: the attempt is reserved (counted, and the lock set at the
// 10th) in one conditional UPDATE before the password is compared, so however many arrive at once, at most 10
// passwords of one account are ever compared before it locks. The compare itself is counted here.

const checked = vi.hoisted(() => ({ hashes: [] as string[] }));
vi.mock('@recovery-desk/db/password-hash.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('@recovery-desk/db/password-hash.ts')>();
  return {
    ...original,
    verifyPassword: async (hash: string, password: string) => {
      checked.hashes.push(hash);
      return original.verifyPassword(hash, password);
    },
  };
});

describe.each(testDatabaseKinds())('parallel sign-in attempts at a real socket (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
  });
  afterAll(async () => {
    await handle.close();
  });
  beforeEach(async () => {
    checked.hashes.length = 0;
    t = await createTestApp(handle.db, { config: { trustProxy: true } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(async () => {
    await t.close();
  });

  const passwordChecksOf = async (user: TestUser) => {
    const { passwordHash } = await readUser(handle.db, user.id);
    return checked.hashes.filter((hash) => hash === passwordHash).length;
  };

  async function post(user: TestUser, password: string, forwardedFor?: string) {
    const response = await fetch(`${base}/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      body: JSON.stringify({ userkey: await sealUserkey({ username: user.username, password }, TEST_USERKEY_KEY) }),
    });
    return { status: response.status, code: ((await response.json()) as { error_code: string }).error_code };
  }

  async function expectLockedAfterTenChecks(user: TestUser, replies: { status: number; code: string }[]) {
    const codes = replies.map((reply) => reply.code);
    expect(await passwordChecksOf(user)).toBe(10);
    expect(codes.filter((code) => code === 'INVALID_CREDENTIALS')).toHaveLength(9);
    expect(codes.filter((code) => code === 'ACCOUNT_LOCKED')).toHaveLength(replies.length - 9);
    const failures = await auditRows(handle.db, { action: 'auth.login_failed', entityId: user.id });
    const reasons = failures.map((row) => (row.after as { reason: string }).reason);
    expect(reasons.filter((reason) => reason === 'wrong_password')).toHaveLength(10);
    expect(await auditRows(handle.db, { action: 'auth.account_locked', entityId: user.id })).toHaveLength(1);
    // Locked for the right password too, and that password is not compared.
    expect((await post(user, user.password, '203.0.113.250')).code).toBe('ACCOUNT_LOCKED');
    expect(await passwordChecksOf(user)).toBe(10);
  }

  it('compares at most 10 of 20 wrong passwords sent at once from one address', async () => {
    const user = await createUser(handle.db);
    const replies = await Promise.all(Array.from({ length: 20 }, () => post(user, 'wrong-password-123')));
    expect(replies.every((reply) => reply.status === 401)).toBe(true);
    await expectLockedAfterTenChecks(user, replies);
  });

  it('compares at most 10 of 30 wrong passwords sent at once from 30 forwarded addresses (TRUST_PROXY)', async () => {
    const user = await createUser(handle.db);
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, index) => post(user, 'wrong-password-123', `198.18.0.${index + 1}`)),
    );
    expect(replies.every((reply) => reply.status === 401)).toBe(true);
    await expectLockedAfterTenChecks(user, replies);
  });

  // A right password that is compared signs the user in, and a sign-in starts the failure count again (as every
  // lockout does: the owner proved the password). So with one right password among 40 wrong ones sent at once (from 41 forwarded
  // addresses, below the per-address limits), at
  // most 10 passwords are compared before the sign-in's own reset (its own slot included, or 10 wrong ones and then
  // it is refused) and at most 10 wrong ones after it: never more than 21 checks, and at least 20 attempts are
  // refused as locked. Without a sign-in, the lock holds at 10 checks.
  it('compares a right password sent among 40 wrong ones only while a slot is left', async () => {
    const user = await createUser(handle.db);
    const passwords = Array.from({ length: 41 }, (_, index) => (index === 10 ? user.password : 'wrong-password-123'));
    const replies = await Promise.all(
      passwords.map((password, index) => post(user, password, `198.18.1.${index + 1}`)),
    );
    const signedIn = replies.filter((reply) => reply.status === 200).length;
    expect(signedIn).toBeLessThanOrEqual(1);
    const checks = await passwordChecksOf(user);
    expect(checks).toBeLessThanOrEqual(signedIn === 1 ? 21 : 10);
    expect(replies.filter((reply) => reply.code === 'ACCOUNT_LOCKED').length).toBeGreaterThanOrEqual(20);
    // Every compare of a wrong password is on the record, with a count that never passes the lock's.
    const failures = await auditRows(handle.db, { action: 'auth.login_failed', entityId: user.id });
    const wrong = failures.filter((row) => (row.after as { reason: string }).reason === 'wrong_password');
    expect(wrong).toHaveLength(checks - signedIn);
    for (const row of wrong) expect((row.after as { failed_count: number }).failed_count).toBeLessThanOrEqual(10);
  });
});
