import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { openTestDatabase } from '@recovery-desk/db/test-database.ts';
import { createUser, ensureOrganisation, setUserActive } from './factories.ts';
import { auditRows, bearer, createTestApp, signIn, type TestApp, type Tokens } from './support/test-app.ts';

const REFRESH_INVALID = { detail: 'Token is invalid or expired', error_code: 'REFRESH_INVALID' };

describe.each(testDatabaseKinds())('sessions: refresh, logout, bearer (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
  });
  afterAll(async () => {
    await handle.close();
  });
  beforeEach(async () => {
    t = await createTestApp(handle.db);
  });
  afterEach(async () => {
    await t.close();
  });

  const refresh = (token: string) => t.inject({ method: 'POST', url: '/token/refresh/', payload: { refresh: token } });
  const profile = (access: string) =>
    t.inject({ method: 'GET', url: '/collapp/getuserprofile', headers: bearer(access) });

  it('rotates the refresh token on every use', async () => {
    const user = await createUser(handle.db);
    const first = await signIn(t, user);
    const response = await refresh(first.refresh);
    expect(response.statusCode).toBe(200);
    const second = response.json<Tokens>();
    expect(Object.keys(second).sort()).toEqual(['access', 'refresh']);
    expect(second.refresh).not.toBe(first.refresh);
    expect((await profile(second.access)).statusCode).toBe(200);
    const rotations = await auditRows(handle.db, { action: 'session.refresh' });
    expect(rotations.some((row) => row.actorUserId === user.id)).toBe(true);
  });

  it('revokes the whole family when a spent refresh token is presented again', async () => {
    const user = await createUser(handle.db);
    const t1 = await signIn(t, user);
    const t2 = (await refresh(t1.refresh)).json<Tokens>();

    const replay = await refresh(t1.refresh);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(REFRESH_INVALID);

    const afterReplay = await refresh(t2.refresh);
    expect(afterReplay.statusCode).toBe(401);
    expect((await profile(t2.access)).statusCode).toBe(401);

    const reuse = await auditRows(handle.db, { action: 'session.refresh_reuse' });
    expect(reuse.some((row) => row.actorUserId === user.id)).toBe(true);

    // Other sessions of the same user are not touched.
    const other = await signIn(t, user);
    expect((await refresh(other.refresh)).statusCode).toBe(200);
  });

  it('gives exactly one success to parallel refreshes of one token', async () => {
    const user = await createUser(handle.db);
    const tokens = await signIn(t, user);
    const results = await Promise.all(Array.from({ length: 5 }, () => refresh(tokens.refresh)));
    const statuses = results.map((result) => result.statusCode).sort();
    expect(statuses).toEqual([200, 401, 401, 401, 401]);
  });

  it('expires a refresh token after the idle timeout', async () => {
    const user = await createUser(handle.db);
    const tokens = await signIn(t, user);
    t.clock.advance(t.config.refreshTokenTtlSeconds + 1);
    expect((await refresh(tokens.refresh)).json()).toEqual(REFRESH_INVALID);
  });

  it('ends a session at its absolute lifetime even when refreshed in time', async () => {
    const app = await createTestApp(handle.db, { config: { sessionMaxSeconds: 3600, refreshTokenTtlSeconds: 1800 } });
    try {
      const user = await createUser(handle.db);
      let tokens = await signIn(app, user);
      for (const step of [1500, 1500]) {
        app.clock.advance(step);
        const response = await app.inject({
          method: 'POST',
          url: '/token/refresh/',
          payload: { refresh: tokens.refresh },
        });
        expect(response.statusCode).toBe(200);
        tokens = response.json<Tokens>();
      }
      app.clock.advance(601); // 3601 s after sign-in
      const late = await app.inject({ method: 'POST', url: '/token/refresh/', payload: { refresh: tokens.refresh } });
      expect(late.statusCode).toBe(401);
      const access = await app.inject({
        method: 'GET',
        url: '/collapp/getuserprofile',
        headers: bearer(tokens.access),
      });
      expect(access.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('refuses an access token after its 15 minutes', async () => {
    const user = await createUser(handle.db);
    const tokens = await signIn(t, user);
    t.clock.advance(899);
    expect((await profile(tokens.access)).statusCode).toBe(200);
    t.clock.advance(2);
    const expired = await profile(tokens.access);
    expect(expired.statusCode).toBe(401);
    expect(expired.json<{ error_code: string }>().error_code).toBe('UNAUTHENTICATED');
  });

  it('logs out: the family is revoked, access and refresh stop working, an audit row is written', async () => {
    const user = await createUser(handle.db);
    const tokens = await signIn(t, user);
    const logout = await t.inject({
      method: 'POST',
      url: '/token/logout/',
      payload: { refresh_token: tokens.refresh },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ detail: 'Logged out' });
    expect((await refresh(tokens.refresh)).statusCode).toBe(401);
    expect((await profile(tokens.access)).statusCode).toBe(401);
    const rows = await auditRows(handle.db, { action: 'auth.logout' });
    expect(rows.some((row) => row.actorUserId === user.id)).toBe(true);
  });

  it('answers logout of an unknown token with the same 200, and a missing field with 400', async () => {
    const unknown = await t.inject({
      method: 'POST',
      url: '/token/logout/',
      payload: { refresh_token: 'no-such-token' },
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ detail: 'Logged out' });
    const missing = await t.inject({ method: 'POST', url: '/token/logout/', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ detail: string }>().detail).toBe('refresh_token: This field is required');
    const missingRefresh = await t.inject({ method: 'POST', url: '/token/refresh/', payload: { access: 'x' } });
    expect(missingRefresh.statusCode).toBe(400);
  });

  it('refuses missing, malformed, foreign-signed and wrong-audience bearer tokens', async () => {
    const user = await createUser(handle.db);
    const tokens = await signIn(t, user);
    const none = await t.inject({ method: 'GET', url: '/collapp/getuserprofile' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({
      detail: 'Authentication credentials were not provided.',
      error_code: 'UNAUTHENTICATED',
    });
    const [, payload] = tokens.access.split('.');
    const foreign = await new SignJWT({ sid: JSON.parse(Buffer.from(payload!, 'base64url').toString()).sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('recovery-desk')
      .setAudience('recovery-desk-api')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    for (const header of [
      'Bearer',
      'Basic abc',
      `Bearer ${tokens.access}x`,
      `Bearer ${foreign}`,
      `Token ${tokens.access}`,
      'Bearer a.b.c',
    ]) {
      const response = await t.inject({
        method: 'GET',
        url: '/collapp/getuserprofile',
        headers: { authorization: header },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json<{ error_code: string }>().error_code).toBe('UNAUTHENTICATED');
    }
  });

  it('ends the sessions of a deactivated user at once', async () => {
    const user = await createUser(handle.db);
    const tokens = await signIn(t, user);
    await setUserActive(handle.db, user.id, false);
    expect((await profile(tokens.access)).statusCode).toBe(401);
    expect((await refresh(tokens.refresh)).statusCode).toBe(401);
    const revoked = await auditRows(handle.db, { action: 'session.revoked' });
    expect(revoked.some((row) => row.actorUserId === user.id)).toBe(true);
  });
});
