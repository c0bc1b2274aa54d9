import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalLimits } from '@recovery-desk/db/approvals-schema.ts';
import { allocations, escalations, ptps } from '@recovery-desk/db/collections-schema.ts';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { approvalListPageSchema, approvalRequestReplySchema } from '@recovery-desk/domain/approvals/contracts.ts';
import { escalationRowSchema, ptpRowSchema } from '@recovery-desk/domain/collections/contracts.ts';
import { BUSINESS_DATE, ensureOrganisation } from '../factories.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';
import {
  apiAs,
  createAccount,
  createAgency,
  createEscalation,
  createOrg,
  createPtp,
  createStaff,
  errorOf,
  readAccount,
} from './factories.ts';

describe.each(testDatabaseKinds())('collections escalations and PTP decisions (%s)', (kind) => {
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

  async function escalationSetup() {
    const org = await createOrg(handle.db);
    const telecaller = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH', 'ESCALATED_SAUTH']);
    const supervisor = await createStaff(handle.db, org.branch, ['ESCALATED_SAUTH']);
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 50, allocatedTo: telecaller });
    const escalation = await createEscalation(handle.db, { accountId: account.id, raisedBy: telecaller });
    return { org, telecaller, supervisor, account, escalation, api: await apiAs(t, supervisor, org.branch) };
  }

  it('approves or rejects an open escalation once; the raiser cannot; stale versions and other units are refused', async () => {
    const { org, telecaller, escalation, api } = await escalationSetup();
    const raiser = await apiAs(t, telecaller, org.branch);
    const self = await raiser.post(`/api/collections/escalations/${escalation.id}/approve`, { version: 1 });
    expect(self.statusCode).toBe(403);
    expect(errorOf(self).code).toBe('MAKER_CANNOT_CHECK');

    const outsider = await createStaff(handle.db, org.foreign, ['ESCALATED_SAUTH']);
    const outsiderApi = await apiAs(t, outsider, org.foreign);
    expect(
      (await outsiderApi.post(`/api/collections/escalations/${escalation.id}/approve`, { version: 1 })).statusCode,
    ).toBe(404);
    expect(errorOf(await api.post(`/api/collections/escalations/${escalation.id}/approve`, { version: 2 })).code).toBe(
      'STALE_VERSION',
    );

    const approved = await api.post(`/api/collections/escalations/${escalation.id}/approve`, {
      version: 1,
      remarks: 'Send to legal pool',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(escalationRowSchema.parse(approved.json())).toMatchObject({
      escalationId: escalation.id,
      escalationStatus: 'APPROVED',
      version: 2,
    });
    const [row] = await handle.db.select().from(escalations).where(eq(escalations.id, escalation.id));
    expect(row).toMatchObject({
      status: 'APPROVED',
      resolutionRemarks: 'Send to legal pool',
      resolvedAt: expect.any(Date),
    });
    expect(
      await auditRows(handle.db, { action: 'collections.escalation.approve', entityId: escalation.id }),
    ).toHaveLength(1);

    const again = await api.post(`/api/collections/escalations/${escalation.id}/reject`, {
      version: 2,
      remarks: 'Not a legal case',
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('ALREADY_DECIDED');

    // The decision is a step of the escalation's approval request, in its append-only history.
    const listed = approvalListPageSchema.parse(
      (await api.get('/api/approvals/ESCALATION/requests?tab=approved')).json(),
    );
    const request = listed.data.find((row) => row.subjectId === escalation.id);
    expect(request).toMatchObject({ status: 'APPROVED', decision: 'approve', makerUserId: telecaller.id });
    const detail = approvalRequestReplySchema.parse(
      (await api.get(`/api/approvals/ESCALATION/requests/${request!.id}`)).json(),
    );
    expect(detail.history.map((step) => [step.action, step.actorUserId, step.remarks])).toEqual([
      ['REQUEST', telecaller.id, null],
      ['APPROVE', api.user.id, 'Send to legal pool'],
    ]);
    const history = await api.get('/api/collections/trays/escalcases?view=team&searchView=historicEscalation');
    expect(history.json<{ data: { escalationId: number }[] }>().data.map((r) => r.escalationId)).toEqual([
      escalation.id,
    ]);

    const { escalation: second, api: other } = await escalationSetup();
    // A rejection must say why (issue 12: an empty Escalation Reject was accepted).
    const withoutRemarks = await other.post(`/api/collections/escalations/${second.id}/reject`, { version: 1 });
    expect(withoutRemarks.statusCode).toBe(400);
    expect(errorOf(withoutRemarks).fields).toEqual(['remarks']);
    const rejected = await other.post(`/api/collections/escalations/${second.id}/reject`, {
      version: 1,
      remarks: 'Borrower paid in full',
    });
    expect(rejected.json()).toMatchObject({ escalationStatus: 'REJECTED' });
    expect(
      errorOf(await other.post(`/api/collections/escalations/${second.id}/approve`, { version: 1, bogus: 1 })).fields,
    ).toContain('body');
  });

  it('reallocates an escalated account (allocation kind ESCALATION), but not while it is on hold', async () => {
    const { org, account, escalation, api } = await escalationSetup();
    const field = await createStaff(handle.db, org.branch, ['FIELD_COLLECTOR_SAUTH']);
    const moved = await api.post(`/api/collections/escalations/${escalation.id}/reallocate`, {
      version: 1,
      toUserId: field.id,
      remarks: 'Field visit',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ escalationStatus: 'REALLOCATED', allocatedTo: field.fullName });
    expect(await readAccount(handle.db, account.id)).toMatchObject({ allocatedUserId: field.id });
    const [allocation] = await handle.db.select().from(allocations).where(eq(allocations.accountId, account.id));
    expect(allocation).toMatchObject({ kind: 'ESCALATION', userId: field.id, reason: 'Field visit' });

    const held = await createAccount(handle.db, { unit: org.branch, dpd: 50, isOnHold: true });
    const heldEscalation = await createEscalation(handle.db, { accountId: held.id, reason: 'BROKEN_PTP' });
    const agency = await createAgency(handle.db, org.branch);
    const refused = await api.post(`/api/collections/escalations/${heldEscalation.id}/reallocate`, {
      version: 1,
      toAgencyId: agency.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('ACCOUNT_ON_HOLD');
    const [still] = await handle.db.select().from(escalations).where(eq(escalations.id, heldEscalation.id));
    expect(still).toMatchObject({ status: 'OPEN', version: 1 });
    expect(
      errorOf(await api.post(`/api/collections/escalations/${heldEscalation.id}/reallocate`, { version: 1 })).fields,
    ).toContain('toUserId');
  });

  async function ptpSetup(options: { deviation?: boolean; status?: 'OPEN' | 'BROKEN' | 'PARTIAL' } = {}) {
    const org = await createOrg(handle.db);
    const telecaller = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH', 'PTP_DEVIATION_SAUTH']);
    const supervisor = await createStaff(handle.db, org.zone, ['PTP_DEVIATION_SAUTH', 'PTP_REFERRAL_SAUTH']);
    const account = await createAccount(handle.db, { unit: org.branch, dpd: 20, allocatedTo: telecaller });
    const ptp = await createPtp(handle.db, {
      accountId: account.id,
      capturedBy: telecaller,
      unit: org.branch,
      promisedDate: BUSINESS_DATE,
      amount: '4000.00',
      deviation: options.deviation ?? true,
      status: options.status ?? 'OPEN',
    });
    return { org, telecaller, supervisor, account, ptp, api: await apiAs(t, supervisor, org.zone) };
  }

  it('lets a supervisor approve a PTP deviation once; the capturer cannot approve their own', async () => {
    const { org, telecaller, supervisor, ptp, api } = await ptpSetup();
    const capturer = await apiAs(t, telecaller, org.branch);
    const self = await capturer.post(`/api/collections/ptps/${ptp.id}/approve`, { version: 1 });
    expect(self.statusCode).toBe(403);
    expect(errorOf(self).code).toBe('MAKER_CANNOT_CHECK');
    expect(errorOf(await api.post(`/api/collections/ptps/${ptp.id}/approve`, { version: 5 })).code).toBe(
      'STALE_VERSION',
    );

    const approved = await api.post(`/api/collections/ptps/${ptp.id}/approve`, {
      version: 1,
      remarks: 'Salary on 5th',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(ptpRowSchema.parse(approved.json())).toMatchObject({
      deviationStatus: 'APPROVED',
      ptpStatus: 'OPEN',
      version: 2,
    });
    const [row] = await handle.db.select().from(ptps).where(eq(ptps.id, ptp.id));
    expect(row).toMatchObject({ reviewedByUserId: supervisor.id, reviewRemarks: 'Salary on 5th' });
    expect(await auditRows(handle.db, { action: 'collections.ptp_deviation.approve', entityId: ptp.id })).toHaveLength(
      1,
    );
    expect(errorOf(await api.post(`/api/collections/ptps/${ptp.id}/reject`, { version: 2, remarks: 'No' })).code).toBe(
      'ALREADY_DECIDED',
    );

    const outsider = await createStaff(handle.db, org.foreign, ['PTP_DEVIATION_SAUTH']);
    expect(
      (
        await (
          await apiAs(t, outsider, org.foreign)
        ).post(`/api/collections/ptps/${ptp.id}/reject`, { version: 2, remarks: 'No' })
      ).statusCode,
    ).toBe(404);
  });

  it('rejects a PTP deviation and cancels the promise; a PTP within policy has nothing to decide', async () => {
    const { ptp, api } = await ptpSetup();
    const rejected = await api.post(`/api/collections/ptps/${ptp.id}/reject`, { version: 1, remarks: 'Too far out' });
    expect(rejected.json()).toMatchObject({ deviationStatus: 'REJECTED', ptpStatus: 'CANCELLED' });
    const tray = await api.get('/api/collections/trays/ptpDeviation?view=team&searchView=rejected');
    expect(tray.json<{ data: { ptpId: number }[] }>().data.map((r) => r.ptpId)).toEqual([ptp.id]);

    const { ptp: plain, api: other } = await ptpSetup({ deviation: false });
    const nothing = await other.post(`/api/collections/ptps/${plain.id}/approve`, { version: 1 });
    expect(nothing.statusCode).toBe(409);
    expect(errorOf(nothing).code).toBe('ALREADY_DECIDED');
  });

  it('moves a PTP deviation above the supervisor’s limit to a second supervisor, who approves it', async () => {
    const { org, ptp, api, supervisor } = await ptpSetup();
    await handle.db.insert(approvalLimits).values({
      userId: supervisor.id,
      unitId: org.zone.id,
      authority: 'PTP_DEVIATION_SAUTH',
      currency: 'INR',
      maxAmount: '1000.00',
    });
    const forwarded = await api.post(`/api/collections/ptps/${ptp.id}/approve`, { version: 1 });
    expect(forwarded.statusCode, forwarded.body).toBe(200);
    expect(ptpRowSchema.parse(forwarded.json())).toMatchObject({ deviationStatus: 'PENDING', version: 2 });
    expect(await auditRows(handle.db, { action: 'collections.ptp_deviation.forward', entityId: ptp.id })).toHaveLength(
      1,
    );
    const again = await api.post(`/api/collections/ptps/${ptp.id}/approve`, { version: 2 });
    expect(again.statusCode).toBe(403);
    expect(errorOf(again).code).toBe('CHECKER_ALREADY_APPROVED');

    const senior = await createStaff(handle.db, org.ho, ['PTP_DEVIATION_SAUTH']);
    const seniorApi = await apiAs(t, senior, org.ho);
    expect(errorOf(await seniorApi.post(`/api/collections/ptps/${ptp.id}/approve`, { version: 1 })).code).toBe(
      'STALE_VERSION',
    );
    const approved = await seniorApi.post(`/api/collections/ptps/${ptp.id}/approve`, { version: 2, remarks: 'OK' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ deviationStatus: 'APPROVED', version: 3 });
    const [row] = await handle.db.select().from(ptps).where(eq(ptps.id, ptp.id));
    expect(row).toMatchObject({ reviewedByUserId: senior.id, reviewRemarks: 'OK' });
  });

  it('refers a broken PTP to a field collector of the subtree, who then sees it in their list', async () => {
    const { org, ptp, api, account } = await ptpSetup({ deviation: false, status: 'BROKEN' });
    const field = await createStaff(handle.db, org.sibling, ['FIELD_COLLECTOR_SAUTH']);
    const telecaller = await createStaff(handle.db, org.branch, ['TELECALLER_SAUTH']);
    const foreignField = await createStaff(handle.db, org.foreign, ['FIELD_COLLECTOR_SAUTH']);
    for (const toUserId of [telecaller.id, foreignField.id]) {
      expect(errorOf(await api.post(`/api/collections/ptps/${ptp.id}/refer`, { version: 1, toUserId })).fields).toEqual(
        ['toUserId'],
      );
    }
    // A field collector of a sibling branch could never see the account: refused, naming it.
    const sibling = await api.post(`/api/collections/ptps/${ptp.id}/refer`, { version: 1, toUserId: field.id });
    expect(sibling.statusCode, sibling.body).toBe(409);
    expect(sibling.json()).toMatchObject({ error_code: 'ASSIGNEE_OUT_OF_REACH', accounts: account.accountNo });

    const zoneField = await createStaff(handle.db, org.zone, ['FIELD_COLLECTOR_SAUTH']);
    const referred = await api.post(`/api/collections/ptps/${ptp.id}/refer`, { version: 1, toUserId: zoneField.id });
    expect(referred.statusCode, referred.body).toBe(200);
    expect(referred.json()).toMatchObject({ referredTo: zoneField.fullName, version: 2 });
    expect(
      errorOf(await api.post(`/api/collections/ptps/${ptp.id}/refer`, { version: 1, toUserId: zoneField.id })).code,
    ).toBe('STALE_VERSION');
    expect(await auditRows(handle.db, { action: 'collections.ptp.refer', entityId: ptp.id })).toHaveLength(1);

    const zoneList = await (
      await apiAs(t, zoneField, org.zone)
    ).get('/api/collections/trays/fieldCollectorPtpReferralList');
    expect(zoneList.json<{ data: { ptpId: number; accountId: number }[] }>().data).toEqual([
      expect.objectContaining({ ptpId: ptp.id, accountId: account.id }),
    ]);

    const { ptp: open, api: other } = await ptpSetup({ deviation: false });
    const openField = await createStaff(handle.db, (await createOrg(handle.db)).branch, ['FIELD_COLLECTOR_SAUTH']);
    const notReferable = await other.post(`/api/collections/ptps/${open.id}/refer`, {
      version: 1,
      toUserId: openField.id,
    });
    expect(notReferable.statusCode).toBe(409);
    expect(errorOf(notReferable).code).toBe('PTP_NOT_REFERABLE');
  });
});
