import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { auditLog } from '@recovery-desk/db/schema.ts';
import { testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { openTestDatabase } from '@recovery-desk/db/test-database.ts';
import { BUSINESS_DATE, createUnit, createUser, ensureOrganisation, type TestUser } from './factories.ts';
import {
  apiAs,
  createAccount,
  createAddress,
  createContact,
  createEscalation,
  createOrg,
  createPtp,
  createStaff,
} from './collections/factories.ts';
import { legalAuditCases } from './legal/audit-cases.ts';
import { settlementAuditCases } from './settlements/audit-cases.ts';
import { paymentsAuditCases } from './payments/audit-cases.ts';
import { receiptsAuditCases } from './receipts/audit-cases.ts';
import { dayStartAuditCases } from './collections/day-start-audit-cases.ts';
import { allocationRulesAuditCases } from './collections/allocation-rules-audit-cases.ts';
import { targetsAuditCases } from './reports/targets-audit-cases.ts';
import { accountMarksAuditCases } from './account-marks/audit-cases.ts';
import { usersAuditCases } from './users/audit-cases.ts';
import { processesAuditCases } from './processes/audit-cases.ts';
import { reportsAuditCases } from './reports/audit-cases.ts';
import { collectionUploadsAuditCases } from './collection-uploads/audit-cases.ts';
import { fieldWorkAuditCases } from './field-work/audit-cases.ts';
import { commandCenterAuditCases } from './command-center/audit-cases.ts';
import { securedAssetsAuditCases } from './secured-assets/audit-cases.ts';
import { repoAppsAuditCases } from './repo-apps/audit-cases.ts';
import {
  auditChainIntact,
  bearer,
  codeIn,
  createTestApp,
  latestMailTo,
  postToken,
  signIn,
  type TestApp,
} from './support/test-app.ts';
import { workflowMutations } from './workflow/audit-cases.ts';

describe.each(testDatabaseKinds())('audit trail (%s)', (kind) => {
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

  const countRows = async () => (await handle.db.select({ id: auditLog.id }).from(auditLog)).length;

  // One successful call per state-changing route (reliability L1). A new POST route without a row here
  // fails the next test, so every mutation's audit row is proven.
  const mutations: Record<string, (user: TestUser) => Promise<number>> = {
    'POST /token/': async (user) =>
      (await postToken(t, { username: user.username, password: user.password })).statusCode,
    'POST /token/refresh/': async (user) => {
      const { refresh } = await signIn(t, user);
      return (await t.inject({ method: 'POST', url: '/token/refresh/', payload: { refresh } })).statusCode;
    },
    'POST /token/logout/': async (user) => {
      const { refresh } = await signIn(t, user);
      return (await t.inject({ method: 'POST', url: '/token/logout/', payload: { refresh_token: refresh } }))
        .statusCode;
    },
    'POST /sendOtpApi': async (user) =>
      (
        await t.inject({
          method: 'POST',
          url: '/sendOtpApi',
          payload: { userkey: await t.seal({ username: user.username, password: user.password }) },
        })
      ).statusCode,
    'POST /forPassEmailVerify': async (user) =>
      (await t.inject({ method: 'POST', url: '/forPassEmailVerify', payload: { data: { email: user.email } } }))
        .statusCode,
    'POST /VerifyOtpApi': async (user) => {
      await t.inject({ method: 'POST', url: '/forPassEmailVerify', payload: { data: { email: user.email } } });
      const code = codeIn((await latestMailTo(handle.db, user.email))!.body);
      const password = 'Another-long-passphrase-7';
      const payload = { username: user.email, otp: code, newPassword: password, confirmPassword: password };
      return (await t.inject({ method: 'POST', url: '/VerifyOtpApi', payload: { userkey: await t.seal(payload) } }))
        .statusCode;
    },
    'POST /collapp/userChangePasswordApi': async (user) => {
      const { access } = await signIn(t, user);
      const password = 'Changed-long-passphrase-8';
      const payload = { old_pass: user.password, new_pass: password, confirm_pass: password };
      return (
        await t.inject({
          method: 'POST',
          url: '/collapp/userChangePasswordApi',
          headers: bearer(access),
          payload: { userkey: await t.seal(payload) },
        })
      ).statusCode;
    },
    'POST /api/lists/views': async (user) => {
      const { access } = await signIn(t, user);
      return (
        await t.inject({
          method: 'POST',
          url: '/api/lists/views',
          headers: bearer(access),
          payload: { listKey: 'telecaller', name: 'Audit', params: [['dpdFrom', '30']] },
        })
      ).statusCode;
    },
    'DELETE /api/lists/views/:id': async (user) => {
      const { access } = await signIn(t, user);
      const saved = await t.inject({
        method: 'POST',
        url: '/api/lists/views',
        headers: bearer(access),
        payload: { listKey: 'telecaller', name: 'To delete', params: [] },
      });
      const id = saved.json<{ id: number }>().id;
      return (await t.inject({ method: 'DELETE', url: `/api/lists/views/${id}`, headers: bearer(access) })).statusCode;
    },
    'POST /googleApiTrackerApi': async () => {
      const unit = await createUnit(handle.db);
      const owner = await createUser(handle.db, { units: [{ unit }] });
      const { access } = await signIn(t, owner);
      return (
        await t.inject({
          method: 'POST',
          url: '/googleApiTrackerApi',
          headers: bearer(access, unit.id),
          payload: { data: { username: unit.code, googleApi: 'maps-js', callFrom: 'audit-test' } },
        })
      ).statusCode;
    },
  };

  // Collections (issue 3): one branch with a manager holding every collections authority, a second checker and a
  // collector (made once, on first use); each case gets a fresh delinquent account allocated to the collector.
  type CollectionsFixture = {
    org: Awaited<ReturnType<typeof createOrg>>;
    collector: TestUser;
    api: Awaited<ReturnType<typeof apiAs>>;
    checkerApi: Awaited<ReturnType<typeof apiAs>>;
  };
  let fixture: CollectionsFixture | undefined;
  async function collections() {
    if (!fixture) {
      const org = await createOrg(handle.db);
      const authorities = [
        'TELECALLER_SAUTH',
        'MAN_ALLOC_SAUTH',
        'MAN_REALLOC_SAUTH',
        'MAN_REALLOC_APPROVAL_SAUTH',
        'ESCALATED_SAUTH',
        'PTP_DEVIATION_SAUTH',
        'PTP_REFERRAL_SAUTH',
        'ALLOCATION_HOLD_SAUTH',
        'ACTIVITY_SUPPRESS_SAUTH',
        'DAY_START_COLL_SAUTH',
      ];
      const manager = await createStaff(handle.db, org.branch, authorities);
      const checker = await createStaff(handle.db, org.branch, authorities);
      const collector = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH', 'FIELD_COLLECTOR_SAUTH']);
      fixture = {
        org,
        collector,
        api: await apiAs(t, manager, org.branch),
        checkerApi: await apiAs(t, checker, org.branch),
      };
    }
    const account = await createAccount(handle.db, {
      unit: fixture.org.branch,
      dpd: 20,
      allocatedTo: fixture.collector,
    });
    return { ...fixture, account };
  }
  const status = (response: { statusCode: number }) => response.statusCode;
  const collectionsMutations: Record<string, () => Promise<number>> = {
    'POST /api/collections/accounts/:accountId/documents': async () => {
      const { account, api } = await collections();
      const boundary = 'audit-boundary';
      const payload =
        `--${boundary}\r\nContent-Disposition: form-data; name="documentName"\r\n\r\nReceipt\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\nRECEIPT\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.pdf"\r\n\r\n%PDF-1.7\n%%EOF\r\n` +
        `--${boundary}--\r\n`;
      return status(
        await api.inject({
          method: 'POST',
          url: `/api/collections/accounts/${account.id}/documents?tray=telecaller`,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload,
        }),
      );
    },
    'POST /api/collections/accounts/:accountId/follow-ups': async () => {
      const { account, api } = await collections();
      return status(
        await api.post(`/api/collections/accounts/${account.id}/follow-ups?tray=telecaller`, {
          contactMode: 'SMS',
          dispositionCode: 'RNR',
        }),
      );
    },
    'POST /api/collections/accounts/:accountId/holds': async () => {
      const { account, api } = await collections();
      return status(
        await api.post(`/api/collections/accounts/${account.id}/holds`, { action: 'START', reason: 'Dispute' }),
      );
    },
    'POST /api/collections/accounts/:accountId/suppressions': async () => {
      const { account, api } = await collections();
      return status(
        await api.post(`/api/collections/accounts/${account.id}/suppressions`, { action: 'START', reason: 'Festival' }),
      );
    },
    'PATCH /api/collections/accounts/:accountId/addresses/:addressId': async () => {
      const { account, api } = await collections();
      const address = await createAddress(handle.db, account.customerId);
      return status(
        await api.patch(`/api/collections/accounts/${account.id}/addresses/${address.id}?tray=telecaller`, {
          version: 1,
          city: 'Thane',
        }),
      );
    },
    'PATCH /api/collections/accounts/:accountId/contacts/:contactId': async () => {
      const { account, api } = await collections();
      const contact = await createContact(handle.db, account.customerId);
      return status(
        await api.patch(`/api/collections/accounts/${account.id}/contacts/${contact.id}?tray=telecaller`, {
          version: 1,
          mode: 'SMS',
        }),
      );
    },
    'POST /api/collections/allocations': async () => {
      const { account, collector, api } = await collections();
      return status(
        await api.post('/api/collections/allocations', { accountIds: [account.id], toUserId: collector.id }),
      );
    },
    'POST /api/collections/day-start': async () => {
      const { api } = await collections();
      await t.app.jobs.drain(); // a day start left queued would refuse this one (409)
      const reply = await api.post('/api/collections/day-start', {});
      await t.app.jobs.drain();
      return status(reply);
    },
    'POST /api/collections/escalations/:id/approve': async () => {
      const { account, api } = await collections();
      const escalation = await createEscalation(handle.db, { accountId: account.id });
      return status(await api.post(`/api/collections/escalations/${escalation.id}/approve`, { version: 1 }));
    },
    'POST /api/collections/escalations/:id/reject': async () => {
      const { account, api } = await collections();
      const escalation = await createEscalation(handle.db, { accountId: account.id });
      return status(
        await api.post(`/api/collections/escalations/${escalation.id}/reject`, {
          version: 1,
          remarks: 'Not for legal',
        }),
      );
    },
    'POST /api/collections/escalations/:id/reallocate': async () => {
      const { account, collector, api } = await collections();
      const escalation = await createEscalation(handle.db, { accountId: account.id });
      return status(
        await api.post(`/api/collections/escalations/${escalation.id}/reallocate`, {
          version: 1,
          toUserId: collector.id,
        }),
      );
    },
    'POST /api/collections/ptps/:id/approve': async () => {
      const { org, account, collector, api } = await collections();
      const ptp = await createPtp(handle.db, {
        accountId: account.id,
        capturedBy: collector,
        unit: org.branch,
        promisedDate: BUSINESS_DATE,
        amount: '10.00',
        deviation: true,
      });
      return status(await api.post(`/api/collections/ptps/${ptp.id}/approve`, { version: 1 }));
    },
    'POST /api/collections/ptps/:id/reject': async () => {
      const { org, account, collector, api } = await collections();
      const ptp = await createPtp(handle.db, {
        accountId: account.id,
        capturedBy: collector,
        unit: org.branch,
        promisedDate: BUSINESS_DATE,
        amount: '10.00',
        deviation: true,
      });
      return status(await api.post(`/api/collections/ptps/${ptp.id}/reject`, { version: 1, remarks: 'Too far out' }));
    },
    'POST /api/collections/ptps/:id/refer': async () => {
      const { org, account, collector, api } = await collections();
      const ptp = await createPtp(handle.db, {
        accountId: account.id,
        capturedBy: collector,
        unit: org.branch,
        promisedDate: BUSINESS_DATE,
        amount: '10.00',
        status: 'BROKEN',
      });
      return status(await api.post(`/api/collections/ptps/${ptp.id}/refer`, { version: 1, toUserId: collector.id }));
    },
    'POST /api/collections/reallocation-requests': async () => {
      const { account, collector, api } = await collections();
      return status(
        await api.post('/api/collections/reallocation-requests', {
          accountIds: [account.id],
          toUserId: collector.id,
          reason: 'Rebalance',
        }),
      );
    },
    'POST /api/collections/reallocation-requests/:id/approve': async () => {
      const { account, collector, checkerApi, api } = await collections();
      const request = await api.post('/api/collections/reallocation-requests', {
        accountIds: [account.id],
        toUserId: collector.id,
        reason: 'Rebalance',
      });
      return status(
        await checkerApi.post(
          `/api/collections/reallocation-requests/${request.json<{ requestId: number }>().requestId}/approve`,
          { version: 1 },
        ),
      );
    },
    'POST /api/collections/reallocation-requests/:id/reject': async () => {
      const { account, collector, checkerApi, api } = await collections();
      const request = await api.post('/api/collections/reallocation-requests', {
        accountIds: [account.id],
        toUserId: collector.id,
        reason: 'Rebalance',
      });
      return status(
        await checkerApi.post(
          `/api/collections/reallocation-requests/${request.json<{ requestId: number }>().requestId}/reject`,
          { version: 1, remarks: 'Not needed' },
        ),
      );
    },
  };
  for (const [route, run] of Object.entries(collectionsMutations)) mutations[route] = run;
  for (const [route, run] of Object.entries(workflowMutations(() => ({ t, db: handle.db })))) mutations[route] = run;
  for (const [route, run] of Object.entries(legalAuditCases(() => ({ t, db: handle.db })))) mutations[route] = run;
  for (const [route, run] of Object.entries(settlementAuditCases(() => ({ t, db: handle.db })))) mutations[route] = run;
  for (const [route, run] of Object.entries(paymentsAuditCases(() => ({ t, db: handle.db })))) mutations[route] = run;
  for (const [route, run] of Object.entries(receiptsAuditCases(() => ({ t, db: handle.db })))) mutations[route] = run;
  for (const [route, run] of Object.entries(dayStartAuditCases(() => ({ t, db: handle.db })))) mutations[route] = run;
  for (const [route, run] of Object.entries(allocationRulesAuditCases(() => ({ t, db: handle.db })))) {
    mutations[route] = run;
  }
  for (const [route, run] of Object.entries(targetsAuditCases(() => ({ t, db: handle.db })))) mutations[route] = run;
  for (const [route, run] of Object.entries(accountMarksAuditCases(() => ({ t, db: handle.db }))))
    mutations[route] = run;
  for (const [route, run] of Object.entries(usersAuditCases(() => ({ t, db: handle.db })))) mutations[route] = run;
  for (const [route, run] of Object.entries(processesAuditCases(() => ({ t, db: handle.db })))) mutations[route] = run;
  for (const [route, run] of Object.entries(reportsAuditCases(() => ({ t, db: handle.db })))) mutations[route] = run;
  for (const [route, run] of Object.entries(collectionUploadsAuditCases(() => ({ t, db: handle.db }))))
    mutations[route] = run;
  for (const [route, run] of Object.entries(fieldWorkAuditCases(() => ({ t, db: handle.db })))) mutations[route] = run;
  for (const [route, run] of Object.entries(commandCenterAuditCases(() => ({ t, db: handle.db }))))
    mutations[route] = run;
  for (const [route, run] of Object.entries(securedAssetsAuditCases(() => ({ t, db: handle.db }))))
    mutations[route] = run;
  for (const [route, run] of Object.entries(repoAppsAuditCases(() => ({ t, db: handle.db })))) mutations[route] = run;

  it('writes at least one audit row for every state-changing route', async () => {
    // The demo identity provider (demo mode only) keeps its protocol state in memory; its one step that acts, the
    // login, goes through the sign-in credential check and its audit (demo-idp.test.ts).
    const writeRoutes = t.app
      .routeDeclarations()
      .filter((route) => route.method !== 'GET' && !route.url.startsWith('/demo-idp/'))
      .map((route) => `${route.method} ${route.url}`);
    expect(Object.keys(mutations).sort()).toEqual([...writeRoutes].sort());
    for (const route of writeRoutes) {
      const user = await createUser(handle.db);
      const before = await countRows();
      const status = await mutations[route]!(user);
      // 201: a record was created (a receipt); 202: the work was queued as a job (day start, uploads), and queueing
      // is audited in the request's transaction.
      expect([200, 201, 202], route).toContain(status);
      expect(await countRows(), route).toBeGreaterThan(before);
    }
  });

  it('chains every row by hash, and the chain verifies', async () => {
    const user = await createUser(handle.db);
    await signIn(t, user);
    await postToken(t, { username: user.username, password: 'wrong-password-123' });
    expect(await auditChainIntact(handle.db)).toBe(true);
    const rows = await handle.db
      .select()
      .from(auditLog)
      .orderBy(sql`${auditLog.id} desc`)
      .limit(2);
    expect(rows[0]!.prevHash).toBe(rows[1]!.hash);
    expect(rows[0]!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[0]!.ip).toBe('127.0.0.1');
  });

  it('refuses UPDATE and DELETE on the audit log', async () => {
    const user = await createUser(handle.db);
    await signIn(t, user);
    await expect(handle.db.execute(sql`update audit_log set action = 'tampered'`)).rejects.toThrow();
    await expect(handle.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect(await auditChainIntact(handle.db)).toBe(true);
  });
});
