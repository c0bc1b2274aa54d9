import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { ensureOrganisation } from '../factories.ts';
import { apiAs, createOrg, errorOf, type Api, type Org } from '../collections/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createLegalStaff, MANAGER_AUTHORITIES, multipart, OFFICER_AUTHORITIES } from './factories.ts';

// Every legal endpoint declares the authority of its screen: a caller holding every other legal authority in the
// acting unit, but not that one, is refused with 403 before anything is read or changed.

const ALL = [...OFFICER_AUTHORITIES, ...MANAGER_AUTHORITIES] as const;

type Call = { method: 'GET' | 'POST' | 'PUT' | 'PATCH'; url: string; body?: unknown; multipart?: boolean };

const ENDPOINTS: [string, Call][] = [
  ['LEGAL_POOL_SAUTH', { method: 'GET', url: '/api/legal/pool' }],
  ['LEGAL_POOL_SAUTH', { method: 'GET', url: '/api/legal/pool/accounts/1' }],
  [
    'LEGAL_POOL_SAUTH',
    { method: 'POST', url: '/api/legal/pool/initiate', body: { accountIds: [1], caseType: 'S138' } },
  ],
  ['LEGAL_POOL_SAUTH', { method: 'POST', url: '/api/legal/pool/decline', body: { accountIds: [1], remarks: 'x' } }],
  ['LEGAL_SETTINGS_SAUTH', { method: 'GET', url: '/api/legal/settings' }],
  ['LEGAL_SETTINGS_SAUTH', { method: 'PUT', url: '/api/legal/settings', body: { version: 1 } }],
  ['LEGAL_NOTICE_SAUTH', { method: 'POST', url: '/api/legal/notices', body: { caseIds: [1] } }],
  ['LEGAL_AGAINST_FI_SAUTH', { method: 'GET', url: '/api/legal/against-fi' }],
  [
    'LEGAL_AGAINST_FI_SAUTH',
    {
      method: 'POST',
      url: '/api/legal/against-fi',
      body: { petitionerName: 'A', forum: 'OTHER', filedOn: '2026-03-01', subject: 'S' },
    },
  ],
  ['LEGAL_AGAINST_FI_SAUTH', { method: 'PATCH', url: '/api/legal/against-fi/1', body: { version: 1 } }],
  ['LEGAL_FILE_UPLOAD_SAUTH', { method: 'POST', url: '/api/legal/uploads', multipart: true }],
  ['LEGAL_FILE_UPLOAD_SAUTH', { method: 'GET', url: '/api/legal/uploads' }],
  ['LEGAL_FILE_UPLOAD_SAUTH', { method: 'GET', url: '/api/legal/uploads/1/errors' }],
  ['LEGAL_FILE_UPLOAD_SAUTH', { method: 'GET', url: '/api/legal/uploads/template?kind=CASE_INITIATION' }],
  ['LEGAL_FILE_DOWNLOAD_SAUTH', { method: 'GET', url: '/api/legal/documents' }],
];

describe.each(testDatabaseKinds())('legal authorities (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;
  const callers = new Map<string, Api>();

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
    org = await createOrg(handle.db);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  /** A caller holding every legal authority but `missing`. */
  async function callerWithout(missing: string): Promise<Api> {
    let api = callers.get(missing);
    if (!api) {
      const user = await createLegalStaff(
        handle.db,
        org.branch,
        ALL.filter((code) => code !== missing),
      );
      api = await apiAs(t, user, org.branch);
      callers.set(missing, api);
    }
    return api;
  }

  it.each(ENDPOINTS)('refuses %s’s endpoint %j without it', async (authority, call) => {
    const api = await callerWithout(authority);
    const response = await api.inject({
      method: call.method,
      url: call.url,
      ...(call.multipart
        ? multipart({ kind: 'CASE_INITIATION' }, [{ name: 'a.csv', content: Buffer.from('accountNo\r\n') }])
        : call.body === undefined
          ? {}
          : { payload: call.body as object }),
    });
    expect(response.statusCode, response.body).toBe(403);
    expect(errorOf(response).code).toBe('AUTHORITY_MISSING');
    // The message names the screen; the reply names the authority for the client.
    expect(response.json<{ authority?: string }>().authority).toBe(authority);
    expect(errorOf(response).detail).not.toContain(authority);
  });

  it('lets the holder of the authority through (the same calls reach the service)', async () => {
    const api = await apiAs(t, await createLegalStaff(handle.db, org.branch, ALL), org.branch);
    const replies = await Promise.all([
      api.get('/api/legal/pool'),
      api.get('/api/legal/settings'),
      api.get('/api/legal/against-fi'),
      api.get('/api/legal/uploads'),
      api.get('/api/legal/documents'),
      api.get('/api/legal/dashboard'),
    ]);
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
  });
});
