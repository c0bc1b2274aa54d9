import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRestrictions, allocations, reallocationRequests } from '@recovery-desk/db/collections-schema.ts';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { assigneesReplySchema, reallocationRequestRowSchema } from '@recovery-desk/domain/collections/contracts.ts';
import { ensureOrganisation } from '../factories.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';
import {
  apiAs,
  createAccount,
  createAgency,
  createOrg,
  createStaff,
  errorOf,
  readAccount,
  type Org,
} from './factories.ts';

describe.each(testDatabaseKinds())('collections allocation, re-allocation and holds (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  const allocationsOf = (accountId: number) =>
    handle.db.select().from(allocations).where(eq(allocations.accountId, accountId)).orderBy(asc(allocations.id));

  async function allocator(org: Org) {
    const manager = await createStaff(handle.db, org.branch, ['MAN_ALLOC_SAUTH', 'MAN_REALLOC_SAUTH']);
    const collector = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const fieldCollector = await createStaff(handle.db, org.sibling, ['FIELD_COLLECTOR_SAUTH']);
    return { manager, collector, fieldCollector, api: await apiAs(t, manager, org.branch) };
  }

  it('allocates the selected accounts: previous allocation ended, MANUAL rows opened, accounts updated, audited', async () => {
    const org = await createOrg(handle.db);
    const { manager, collector, api } = await allocator(org);
    const a = await createAccount(handle.db, { unit: org.branch, dpd: 12 });
    const b = await createAccount(handle.db, { unit: org.branch, dpd: 40 });
    const first = await api.post('/api/collections/allocations', { accountIds: [b.id], toUserId: collector.id });
    expect(first.statusCode, first.body).toBe(200);
    const agency = await createAgency(handle.db, org.branch);
    const response = await api.post('/api/collections/allocations', {
      accountIds: [a.id, b.id, a.id],
      toAgencyId: agency.id,
      reason: 'Hard bucket to agency',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ allocated: 2, accountIds: [a.id, b.id], to: agency.name });
    expect(await readAccount(handle.db, b.id)).toMatchObject({ allocatedUserId: null, allocatedAgencyId: agency.id });
    const history = await allocationsOf(b.id);
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ userId: collector.id, kind: 'MANUAL', endedAt: expect.any(Date) });
    expect(history[1]).toMatchObject({
      agencyId: agency.id,
      kind: 'MANUAL',
      endedAt: null,
      allocatedByUserId: manager.id,
      reason: 'Hard bucket to agency',
    });
    const audit = await auditRows(handle.db, { action: 'collections.allocation.create' });
    expect(audit.filter((row) => row.actorUserId === manager.id)).toHaveLength(2);
    // The manual allocation tray no longer holds them; the re-allocation tray does.
    const tray = await api.get('/api/collections/trays/manualalloc?view=team');
    expect(tray.json<{ count: number }>().count).toBe(0);
    const realloc = await api.get('/api/collections/trays/manualrealloc?view=team');
    expect(realloc.json<{ data: { accountId: number; allocatedTo: string }[] }>().data).toEqual([
      expect.objectContaining({ accountId: b.id, allocatedTo: agency.name }),
      expect.objectContaining({ accountId: a.id, allocatedTo: agency.name }),
    ]);
  });

  it('refuses an empty selection, held accounts, out-of-scope accounts and unfit assignees, writing nothing', async () => {
    const org = await createOrg(handle.db);
    const { collector, fieldCollector, api } = await allocator(org);
    const free = await createAccount(handle.db, { unit: org.branch, dpd: 12 });
    const held = await createAccount(handle.db, { unit: org.branch, dpd: 40, isOnHold: true });
    const foreign = await createAccount(handle.db, { unit: org.foreign, dpd: 40 });

    const empty = await api.post('/api/collections/allocations', { accountIds: [], toUserId: collector.id });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ detail: 'Select accounts for Allocation', error_code: 'VALIDATION' });

    const onHold = await api.post('/api/collections/allocations', {
      accountIds: [free.id, held.id],
      toUserId: collector.id,
    });
    expect(onHold.statusCode).toBe(409);
    expect(onHold.json()).toMatchObject({ error_code: 'ACCOUNT_ON_HOLD', accounts: held.accountNo });
    expect(errorOf(onHold).detail).toContain(held.accountNo);
    expect(await readAccount(handle.db, free.id)).toMatchObject({ allocatedUserId: null });
    expect(await allocationsOf(free.id)).toEqual([]);

    const outOfScope = await api.post('/api/collections/allocations', {
      accountIds: [free.id, foreign.id],
      toUserId: collector.id,
    });
    expect(outOfScope.statusCode).toBe(404);
    expect(await allocationsOf(free.id)).toEqual([]);

    const outsider = await createStaff(handle.db, org.foreign, ['TELECALLER_SAUTH']);
    const notCollector = await createStaff(handle.db, org.branch, ['MAN_ALLOC_SAUTH']);
    const inactive = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH'], { isActive: false });
    for (const toUserId of [outsider.id, notCollector.id, inactive.id, 2_000_000_000]) {
      const response = await api.post('/api/collections/allocations', { accountIds: [free.id], toUserId });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).fields).toEqual(['toUserId']);
    }
    const foreignAgency = await createAgency(handle.db, org.foreign);
    const closedAgency = await createAgency(handle.db, org.branch, { isActive: false });
    for (const toAgencyId of [foreignAgency.id, closedAgency.id]) {
      const response = await api.post('/api/collections/allocations', { accountIds: [free.id], toAgencyId });
      expect(errorOf(response).fields).toEqual(['toAgencyId']);
    }
    const both = await api.post('/api/collections/allocations', {
      accountIds: [free.id],
      toUserId: collector.id,
      toAgencyId: foreignAgency.id,
    });
    expect(errorOf(both).fields).toEqual(['toUserId']);
    const huge = await api.post('/api/collections/allocations', { accountIds: [free.id], toUserId: 3_000_000_000 });
    // Checked by both halves of the contract's intersection, so it may be named twice.
    expect(new Set(errorOf(huge).fields)).toEqual(new Set(['toUserId']));
    // A field collector of a sibling branch is not in a branch manager's subtree.
    expect(
      errorOf(await api.post('/api/collections/allocations', { accountIds: [free.id], toUserId: fieldCollector.id }))
        .fields,
    ).toEqual(['toUserId']);

    const telecaller = await apiAs(t, collector, org.branch);
    const forbidden = await telecaller.post('/api/collections/allocations', {
      accountIds: [free.id],
      toUserId: collector.id,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(await allocationsOf(free.id)).toEqual([]);
  });

  it('refuses to hand accounts to a user or agency that does not work their branch, naming the accounts', async () => {
    const org = await createOrg(handle.db);
    // A zone manager may allocate across the zone, but each account must go to someone who works its branch.
    const zoneManager = await createStaff(handle.db, org.zone, ['MAN_ALLOC_SAUTH', 'MAN_REALLOC_SAUTH']);
    const api = await apiAs(t, zoneManager, org.zone);
    const siblingCollector = await createStaff(handle.db, org.sibling, ['TELECALLER_SAUTH']);
    const zoneCollector = await createStaff(handle.db, org.zone, ['TELECALLER_SAUTH']);
    const siblingAgency = await createAgency(handle.db, org.sibling);
    const mine = await createAccount(handle.db, { unit: org.branch, dpd: 20 });
    const theirs = await createAccount(handle.db, { unit: org.sibling, dpd: 20 });

    const crossed = await api.post('/api/collections/allocations', {
      accountIds: [mine.id, theirs.id],
      toUserId: siblingCollector.id,
    });
    expect(crossed.statusCode, crossed.body).toBe(409);
    expect(crossed.json()).toMatchObject({ error_code: 'ASSIGNEE_OUT_OF_REACH', accounts: mine.accountNo });
    expect(await allocationsOf(theirs.id)).toEqual([]);

    const toAgency = await api.post('/api/collections/allocations', {
      accountIds: [mine.id],
      toAgencyId: siblingAgency.id,
    });
    expect(toAgency.json()).toMatchObject({ error_code: 'ASSIGNEE_OUT_OF_REACH', accounts: mine.accountNo });

    // Someone acting for the whole zone works both branches.
    const zoneWide = await api.post('/api/collections/allocations', {
      accountIds: [mine.id, theirs.id],
      toUserId: zoneCollector.id,
    });
    expect(zoneWide.statusCode, zoneWide.body).toBe(200);

    const request = await api.post('/api/collections/reallocation-requests', {
      accountIds: [mine.id],
      toUserId: siblingCollector.id,
      reason: 'Move to sibling branch',
    });
    expect(request.json()).toMatchObject({ error_code: 'ASSIGNEE_OUT_OF_REACH', accounts: mine.accountNo });
  });

  it('offers for the selected accounts only the assignees the server accepts for them (one rule for both)', async () => {
    const org = await createOrg(handle.db);
    const zoneManager = await createStaff(handle.db, org.zone, ['MAN_ALLOC_SAUTH', 'MAN_REALLOC_SAUTH']);
    const api = await apiAs(t, zoneManager, org.zone);
    const branchCollector = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const siblingCollector = await createStaff(handle.db, org.sibling, ['TELECALLER_SAUTH']);
    const zoneCollector = await createStaff(handle.db, org.zone, ['TELECALLER_SAUTH']);
    const branchAgency = await createAgency(handle.db, org.branch);
    const siblingAgency = await createAgency(handle.db, org.sibling);
    const mine = await createAccount(handle.db, { unit: org.branch, dpd: 20 });
    const theirs = await createAccount(handle.db, { unit: org.sibling, dpd: 20 });

    const offered = async (tray: string, ids: number[]) => {
      const reply = await api.get(`/api/collections/assignees?for=${tray}&accountIds=${ids.join(',')}`);
      expect(reply.statusCode, reply.body).toBe(200);
      const body = assigneesReplySchema.parse(reply.json());
      return { users: body.users.map((u) => u.id), agencies: body.agencies.map((a) => a.id) };
    };
    const forMine = await offered('manualalloc', [mine.id]);
    expect(forMine.users.sort()).toEqual([branchCollector.id, zoneCollector.id].sort());
    expect(forMine.agencies).toEqual([branchAgency.id]);
    const forBoth = await offered('manualalloc', [mine.id, theirs.id]);
    expect(forBoth).toEqual({ users: [zoneCollector.id], agencies: [] });
    expect((await offered('manualrealloc', [theirs.id])).agencies).toEqual([siblingAgency.id]);

    // Everyone offered is accepted on submit, everyone in the subtree who is not offered is refused.
    for (const candidate of [branchCollector, siblingCollector, zoneCollector]) {
      const isOffered = forBoth.users.includes(candidate.id);
      const reply = await api.post('/api/collections/allocations', {
        accountIds: [mine.id, theirs.id],
        toUserId: candidate.id,
      });
      if (isOffered) {
        expect(reply.statusCode, reply.body).toBe(200);
        break;
      }
      expect(reply.statusCode, reply.body).toBe(409);
      expect(reply.json()).toMatchObject({ error_code: 'ASSIGNEE_OUT_OF_REACH' });
      expect(reply.json().detail).toMatch(/does not work the branch of account .*Choose an assignee the list offers/);
    }

    const foreign = await createAccount(handle.db, { unit: org.foreign, dpd: 20 });
    expect((await api.get(`/api/collections/assignees?for=manualalloc&accountIds=${foreign.id}`)).statusCode).toBe(404);
    expect((await api.get('/api/collections/assignees?for=manualalloc&accountIds=1,x')).statusCode).toBe(400);
  });

  it('lists the assignees of a tray: collectors and agencies of the subtree, field collectors only for referral', async () => {
    const org = await createOrg(handle.db);
    const lead = await createStaff(handle.db, org.zone, ['MAN_ALLOC_SAUTH', 'PTP_REFERRAL_SAUTH']);
    const telecaller = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const field = await createStaff(handle.db, org.sibling, ['FIELD_COLLECTOR_SAUTH', 'TELECALLER_SAUTH']);
    await createStaff(handle.db, org.foreign, ['TELECALLER_SAUTH']);
    await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH'], { isActive: false });
    const agency = await createAgency(handle.db, org.sibling);
    await createAgency(handle.db, org.foreign);
    const api = await apiAs(t, lead, org.zone);

    const forAllocation = assigneesReplySchema.parse(
      (await api.get('/api/collections/assignees?for=manualalloc')).json(),
    );
    expect(forAllocation.users.map((user) => user.id).sort()).toEqual([telecaller.id, field.id].sort());
    expect(forAllocation.users.find((user) => user.id === field.id)).toMatchObject({
      username: field.username,
      unitCode: org.sibling.code,
    });
    expect(forAllocation.agencies).toEqual([{ id: agency.id, name: agency.name, code: expect.any(String) }]);

    const forReferral = assigneesReplySchema.parse(
      (await api.get('/api/collections/assignees?for=ptpReferral')).json(),
    );
    expect(forReferral).toEqual({ users: [expect.objectContaining({ id: field.id })], agencies: [] });

    expect((await api.get('/api/collections/assignees?for=manualrealloc')).statusCode).toBe(403);
    expect(errorOf(await api.get('/api/collections/assignees?for=nothing')).fields).toEqual(['for']);
    expect(errorOf(await api.get('/api/collections/assignees')).fields).toEqual(['for']);
  });

  async function reallocationSetup() {
    const org = await createOrg(handle.db);
    const maker = await createStaff(handle.db, org.branch, ['MAN_REALLOC_SAUTH', 'MAN_REALLOC_APPROVAL_SAUTH']);
    const from = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const to = await createStaff(handle.db, org.branch, ['FIELD_COLLECTOR_SAUTH']);
    const accounts = [
      await createAccount(handle.db, { unit: org.branch, dpd: 20, allocatedTo: from }),
      await createAccount(handle.db, { unit: org.branch, dpd: 70, allocatedTo: from }),
    ];
    const makerApi = await apiAs(t, maker, org.branch);
    const response = await makerApi.post('/api/collections/reallocation-requests', {
      accountIds: accounts.map((a) => a.id),
      toUserId: to.id,
      reason: 'Field visit needed',
    });
    expect(response.statusCode, response.body).toBe(200);
    const request = reallocationRequestRowSchema.parse(response.json());
    return { org, maker, from, to, accounts, makerApi, request };
  }

  it('runs re-allocation maker-checker: a different checker approves and the accounts move', async () => {
    const { org, maker, to, accounts, makerApi, request } = await reallocationSetup();
    expect(request).toMatchObject({
      accountCount: 2,
      toName: to.fullName,
      maker: maker.fullName,
      requestStatus: 'PENDING',
      version: 1,
    });

    const self = await makerApi.post(`/api/collections/reallocation-requests/${request.requestId}/approve`, {
      version: 1,
    });
    expect(self.statusCode).toBe(403);
    expect(errorOf(self).code).toBe('MAKER_CANNOT_CHECK');

    const outsider = await createStaff(handle.db, org.sibling, ['MAN_REALLOC_APPROVAL_SAUTH']);
    const outsiderApi = await apiAs(t, outsider, org.sibling);
    expect(
      (await outsiderApi.post(`/api/collections/reallocation-requests/${request.requestId}/approve`, { version: 1 }))
        .statusCode,
    ).toBe(404);

    const checker = await createStaff(handle.db, org.zone, ['MAN_REALLOC_APPROVAL_SAUTH']);
    const checkerApi = await apiAs(t, checker, org.zone);
    const pendingTray = await checkerApi.get('/api/collections/trays/manualReAllocListApproval?view=team');
    expect(pendingTray.json<{ data: { requestId: number }[] }>().data.map((row) => row.requestId)).toEqual([
      request.requestId,
    ]);
    const stale = await checkerApi.post(`/api/collections/reallocation-requests/${request.requestId}/approve`, {
      version: 7,
    });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('STALE_VERSION');

    const approved = await checkerApi.post(`/api/collections/reallocation-requests/${request.requestId}/approve`, {
      version: 1,
      remarks: 'OK',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ requestStatus: 'APPROVED', version: 2 });
    for (const account of accounts) {
      expect(await readAccount(handle.db, account.id)).toMatchObject({ allocatedUserId: to.id });
      expect((await allocationsOf(account.id)).at(-1)).toMatchObject({
        userId: to.id,
        kind: 'REALLOCATION',
        allocatedByUserId: checker.id,
      });
    }
    const [row] = await handle.db
      .select()
      .from(reallocationRequests)
      .where(eq(reallocationRequests.id, request.requestId));
    expect(row).toMatchObject({ checkerUserId: checker.id, checkerRemarks: 'OK', status: 'APPROVED' });

    const again = await checkerApi.post(`/api/collections/reallocation-requests/${request.requestId}/reject`, {
      version: 2,
      remarks: 'Too late',
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('ALREADY_DECIDED');
  });

  it('gives exactly one success to N parallel approvals of one request, with one audit row', async () => {
    const { org, to, accounts, request } = await reallocationSetup();
    const checkers = await Promise.all(
      Array.from({ length: 8 }, () => createStaff(handle.db, org.zone, ['MAN_REALLOC_APPROVAL_SAUTH'])),
    );
    const apis = await Promise.all(checkers.map((checker) => apiAs(t, checker, org.zone)));
    const responses = await Promise.all(
      apis.map((api) =>
        api.post(`/api/collections/reallocation-requests/${request.requestId}/approve`, { version: 1 }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(['ALREADY_DECIDED', 'STALE_VERSION']).toContain(errorOf(response).code);
    }
    expect(
      await auditRows(handle.db, { action: 'collections.reallocation.approve', entityId: request.requestId }),
    ).toHaveLength(1);
    for (const account of accounts) {
      const moved = (await allocationsOf(account.id)).filter((row) => row.kind === 'REALLOCATION');
      expect(moved).toEqual([expect.objectContaining({ userId: to.id, endedAt: null })]);
    }
  });

  it('rejects a request without moving anything; refuses requests on unallocated, held or already requested accounts', async () => {
    const { org, from, to, accounts, makerApi, request } = await reallocationSetup();
    const again = await makerApi.post('/api/collections/reallocation-requests', {
      accountIds: [accounts[0]!.id],
      toUserId: to.id,
      reason: 'Again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error_code: 'ACCOUNT_IN_PENDING_REQUEST', accounts: accounts[0]!.accountNo });

    const unallocated = await createAccount(handle.db, { unit: org.branch, dpd: 5 });
    const notAllocated = await makerApi.post('/api/collections/reallocation-requests', {
      accountIds: [unallocated.id],
      toUserId: to.id,
      reason: 'Move',
    });
    expect(notAllocated.json()).toMatchObject({ error_code: 'ACCOUNT_NOT_ALLOCATED', accounts: unallocated.accountNo });
    const held = await createAccount(handle.db, { unit: org.branch, dpd: 5, allocatedTo: from, isOnHold: true });
    const onHold = await makerApi.post('/api/collections/reallocation-requests', {
      accountIds: [held.id],
      toUserId: to.id,
      reason: 'Move',
    });
    expect(errorOf(onHold).code).toBe('ACCOUNT_ON_HOLD');
    const badReason = await makerApi.post('/api/collections/reallocation-requests', {
      accountIds: [held.id],
      toUserId: to.id,
      reason: '',
    });
    expect(errorOf(badReason).fields).toEqual(['reason']);

    const checker = await createStaff(handle.db, org.branch, ['MAN_REALLOC_APPROVAL_SAUTH']);
    const checkerApi = await apiAs(t, checker, org.branch);
    const rejected = await checkerApi.post(`/api/collections/reallocation-requests/${request.requestId}/reject`, {
      version: 1,
      remarks: 'Not needed',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ requestStatus: 'REJECTED' });
    expect(await readAccount(handle.db, accounts[0]!.id)).toMatchObject({ allocatedUserId: from.id });
    expect(
      await auditRows(handle.db, { action: 'collections.reallocation.reject', entityId: request.requestId }),
    ).toHaveLength(1);
    // Back in the re-allocation tray, and requestable again.
    const retry = await makerApi.post('/api/collections/reallocation-requests', {
      accountIds: [accounts[0]!.id],
      toUserId: to.id,
      reason: 'Again',
    });
    expect(retry.statusCode).toBe(200);
  });

  it('refuses approval when an account went on hold after the request, leaving the request pending', async () => {
    const { org, accounts, request } = await reallocationSetup();
    const holder = await createStaff(handle.db, org.branch, ['ALLOCATION_HOLD_SAUTH']);
    const holderApi = await apiAs(t, holder, org.branch);
    expect(
      (
        await holderApi.post(`/api/collections/accounts/${accounts[1]!.id}/holds`, {
          action: 'START',
          reason: 'Complaint pending',
        })
      ).statusCode,
    ).toBe(200);
    const checker = await createStaff(handle.db, org.branch, ['MAN_REALLOC_APPROVAL_SAUTH']);
    const refused = await (
      await apiAs(t, checker, org.branch)
    ).post(`/api/collections/reallocation-requests/${request.requestId}/approve`, { version: 1 });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('ACCOUNT_ON_HOLD');
    const [row] = await handle.db
      .select()
      .from(reallocationRequests)
      .where(eq(reallocationRequests.id, request.requestId));
    expect(row).toMatchObject({ status: 'PENDING', version: 1 });
  });

  it('keeps holds and suppressions as an insert-only log of START and END actions mirrored on the account', async () => {
    const org = await createOrg(handle.db);
    const officer = await createStaff(handle.db, org.branch, [
      'ALLOCATION_HOLD_SAUTH',
      'ACTIVITY_SUPPRESS_SAUTH',
      'MAN_ALLOC_SAUTH',
    ]);
    const collector = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 30 });
    const api = await apiAs(t, officer, org.branch);
    const holds = `/api/collections/accounts/${account.id}/holds`;

    const started = await api.post(holds, { action: 'START', reason: 'Complaint pending', remarks: 'Ticket 42' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      restriction: {
        kind: 'ALLOCATION_HOLD',
        action: 'START',
        reason: 'Complaint pending',
        remarks: 'Ticket 42',
        by: officer.fullName,
      },
      account: { id: account.id, isOnHold: true, isSuppressed: false, version: account.version + 1 },
    });
    const twice = await api.post(holds, { action: 'START', reason: 'Complaint pending' });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).code).toBe('RESTRICTION_ACTIVE');
    const blocked = await api.post('/api/collections/allocations', {
      accountIds: [account.id],
      toUserId: collector.id,
    });
    expect(errorOf(blocked).code).toBe('ACCOUNT_ON_HOLD');

    const [firstRow] = await handle.db
      .select()
      .from(accountRestrictions)
      .where(eq(accountRestrictions.accountId, account.id));
    expect((await api.post(holds, { action: 'END', reason: 'Complaint closed' })).statusCode).toBe(200);
    const notActive = await api.post(holds, { action: 'END', reason: 'Complaint closed' });
    expect(notActive.statusCode).toBe(409);
    expect(errorOf(notActive).code).toBe('RESTRICTION_NOT_ACTIVE');
    const log = await handle.db
      .select()
      .from(accountRestrictions)
      .where(eq(accountRestrictions.accountId, account.id))
      .orderBy(asc(accountRestrictions.id));
    expect(log.map((row) => row.action)).toEqual(['START', 'END']);
    expect(log[0]).toEqual(firstRow);
    expect(await readAccount(handle.db, account.id)).toMatchObject({ isOnHold: false });
    expect(
      (await api.post('/api/collections/allocations', { accountIds: [account.id], toUserId: collector.id })).statusCode,
    ).toBe(200);

    const suppressions = `/api/collections/accounts/${account.id}/suppressions`;
    expect(errorOf(await api.post(suppressions, { action: 'END', reason: 'Not suppressed' })).code).toBe(
      'RESTRICTION_NOT_ACTIVE',
    );
    expect((await api.post(suppressions, { action: 'START', reason: 'Festival' })).json()).toMatchObject({
      account: { isSuppressed: true, isOnHold: false },
    });
    expect((await api.post(suppressions, { action: 'END', reason: 'Festival over' })).json()).toMatchObject({
      account: { isSuppressed: false },
    });
    const audit = await auditRows(handle.db);
    const actions = audit.filter((row) => row.actorUserId === officer.id).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'collections.hold.start',
        'collections.hold.end',
        'collections.suppression.start',
        'collections.suppression.end',
      ]),
    );

    expect(errorOf(await api.post(holds, { action: 'PAUSE', reason: 'x' })).fields).toEqual(
      expect.arrayContaining(['action', 'reason']),
    );
    const foreign = await createAccount(handle.db, { unit: org.foreign, dpd: 30 });
    expect(
      (
        await api.post(`/api/collections/accounts/${foreign.id}/holds`, {
          action: 'START',
          reason: 'Complaint pending',
        })
      ).statusCode,
    ).toBe(404);
    const collectorApi = await apiAs(t, collector, org.branch);
    expect((await collectorApi.post(holds, { action: 'START', reason: 'Complaint pending' })).statusCode).toBe(403);
    const counts = await handle.db
      .select()
      .from(accountRestrictions)
      .where(inArray(accountRestrictions.accountId, [account.id, foreign.id]));
    expect(counts).toHaveLength(4);
  });
});
