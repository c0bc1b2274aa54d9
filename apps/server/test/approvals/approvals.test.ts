import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { approvalEvents, approvalLimits, approvalRequests } from '@recovery-desk/db/approvals-schema.ts';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import {
  approvalListPageSchema,
  approvalRequestReplySchema,
  type ApprovalRequestReply,
} from '@recovery-desk/domain/approvals/contracts.ts';
import type { ApprovalFlow } from '@recovery-desk/domain/approvals/flow.ts';
import { AppError } from '../../src/http/app-error.ts';
import type { ApprovalHandler } from '../../src/modules/approvals/approval-handler.ts';
import { dataOnlyHandler } from '../../src/modules/approvals/subjects.ts';
import { createAccount, createOrg, createStaff, errorOf, apiAs, type Api, type Org } from '../collections/factories.ts';
import { ensureOrganisation, type TestUnit, type TestUser } from '../factories.ts';
import { auditRows, createTestApp, type TestApp } from '../support/test-app.ts';

// The approval kit through its own routes, with a flow this test declares: a settlement-like approval over an
// account, two checker levels, amount-limited, with pushback and reconsider. Its approve effect records what it did;
// a payload asking for it makes the effect fail, to show that the whole step rolls back.

const FLOW: ApprovalFlow = {
  code: 'TEST_SETTLEMENT',
  app: 'collapp',
  subject: 'ACCOUNT',
  labelKey: 'SettlementApproval',
  makerAuthority: 'SETTLE_INIT_SAUTH',
  levels: [
    { authority: 'SETTLE_APP_SAUTH', labelKey: 'Approver' },
    { authority: 'SETTLE_APP_SAUTH', labelKey: 'SeniorApprover' },
  ],
  decisions: [
    { name: 'approve', kind: 'approve', labelKey: 'Approve' },
    { name: 'reject', kind: 'reject', labelKey: 'Reject' },
    { name: 'pushback', kind: 'pushback', labelKey: 'Pushback' },
    { name: 'reconsider', kind: 'reconsider', labelKey: 'Reconsider' },
  ],
  amountLimited: true,
  audit: { prefix: 'test.settlement', entity: 'account' },
  routes: 'kit',
  payloadSchema: z.object({ waiverPercent: z.number().min(0).max(100), failEffect: z.boolean().optional() }).strict(),
  texts: { name: 'Settlement', ownWork: 'a settlement', notFound: 'Settlement not found' },
};

const HANDLER: ApprovalHandler<never> = {
  ...dataOnlyHandler(FLOW),
  async onApproved(_tx, { request }) {
    if (request.payload.failEffect === true) throw new AppError('ACCOUNT_ON_HOLD', 'The account went on hold.');
    return { settledAmount: request.amount };
  },
};

/** The same flow whose second level needs another authority (a head-office approver). */
const TOP_FLOW: ApprovalFlow = {
  ...FLOW,
  code: 'TEST_SETTLEMENT_HO',
  levels: [
    { authority: 'SETTLE_APP_SAUTH', labelKey: 'Approver' },
    { authority: 'ACC_MARK_APP_SAUTH', labelKey: 'HeadOfficeApprover' },
  ],
};

const BASE = '/api/approvals/TEST_SETTLEMENT/requests';
const TOP_BASE = '/api/approvals/TEST_SETTLEMENT_HO/requests';

describe.each(testDatabaseKinds())('approval kit (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db, { approvalHandlers: [HANDLER, dataOnlyHandler(TOP_FLOW)] });
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  type Setup = { org: Org; maker: TestUser; makerApi: Api; checker: (limit?: string, unit?: TestUnit) => Promise<Api> };

  async function setup(): Promise<Setup> {
    const org = await createOrg(handle.db);
    const maker = await createStaff(handle.db, org.branch, ['SETTLE_INIT_SAUTH', 'SETTLE_APP_SAUTH']);
    const checker = async (limit?: string, unit: TestUnit = org.zone) => {
      const user = await createStaff(handle.db, unit, ['SETTLE_APP_SAUTH']);
      if (limit) {
        await handle.db.insert(approvalLimits).values({
          userId: user.id,
          unitId: unit.id,
          authority: 'SETTLE_APP_SAUTH',
          currency: 'INR',
          maxAmount: limit,
        });
      }
      return apiAs(t, user, unit);
    };
    return { org, maker, makerApi: await apiAs(t, maker, org.branch), checker };
  }

  async function request(s: Setup, body: Record<string, unknown> = {}): Promise<ApprovalRequestReply> {
    const account = await createAccount(handle.db, { unit: s.org.branch });
    const response = await s.makerApi.post(BASE, {
      subjectId: account.id,
      amount: '5000.00',
      currency: 'INR',
      payload: { waiverPercent: 10 },
      ...body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return approvalRequestReplySchema.parse(response.json());
  }

  const actions = (reply: ApprovalRequestReply) => reply.history.map((step) => step.action);

  it('lets a different checker approve once: the maker cannot, stale versions and decided requests answer 409', async () => {
    const s = await setup();
    const made = await request(s);
    expect(made).toMatchObject({ status: 'PENDING', level: 1, levels: 2, makerUserId: s.maker.id, version: 1 });
    expect(actions(made)).toEqual(['REQUEST']);

    const self = await s.makerApi.post(`${BASE}/${made.id}/approve`, { version: 1 });
    expect(self.statusCode).toBe(403);
    expect(errorOf(self).code).toBe('MAKER_CANNOT_CHECK');

    const checker = await s.checker();
    const stale = await checker.post(`${BASE}/${made.id}/approve`, { version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('STALE_VERSION');

    const approved = await checker.post(`${BASE}/${made.id}/approve`, { version: 1, remarks: 'Within policy' });
    expect(approved.statusCode, approved.body).toBe(200);
    const reply = approvalRequestReplySchema.parse(approved.json());
    expect(reply).toMatchObject({ status: 'APPROVED', decision: 'approve', version: 2, remarks: 'Within policy' });
    expect(reply.history.at(-1)).toMatchObject({
      action: 'APPROVE',
      fromStatus: 'PENDING',
      toStatus: 'APPROVED',
      actorUserId: checker.user.id,
      effects: { settledAmount: '5000.00' },
    });

    // The decision, its history step and its audit row committed together.
    const [audit] = await auditRows(handle.db, { action: 'test.settlement.approve', entityId: made.subjectId });
    expect(audit).toMatchObject({ actorUserId: checker.user.id, entity: 'account' });
    expect(audit!.after).toMatchObject({ approvalRequestId: made.id, status: 'APPROVED', settledAmount: '5000.00' });
    expect(await auditRows(handle.db, { action: 'test.settlement.request', entityId: made.subjectId })).toHaveLength(1);

    const again = await checker.post(`${BASE}/${made.id}/reject`, { version: 2, remarks: 'Too late' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('ALREADY_DECIDED');
  });

  it('gives exactly one success to N parallel decisions, with one history step and one audit row', async () => {
    const s = await setup();
    const made = await request(s, { amount: '100.00' });
    const checkers = await Promise.all(Array.from({ length: 8 }, () => s.checker()));
    const responses = await Promise.all(
      checkers.map((api, index) =>
        api.post(`${BASE}/${made.id}/${index % 2 === 0 ? 'approve' : 'reject'}`, { version: 1, remarks: 'Decided' }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(['ALREADY_DECIDED', 'STALE_VERSION']).toContain(errorOf(response).code);
    }
    const history = await handle.db.select().from(approvalEvents).where(eq(approvalEvents.requestId, made.id));
    expect(history.map((step) => step.action).sort()).toEqual(
      ['REQUEST', statuses.indexOf(200) % 2 === 0 ? 'APPROVE' : 'REJECT'].sort(),
    );
    const decisions = [
      ...(await auditRows(handle.db, { action: 'test.settlement.approve', entityId: made.subjectId })),
      ...(await auditRows(handle.db, { action: 'test.settlement.reject', entityId: made.subjectId })),
    ];
    expect(decisions).toHaveLength(1);
  });

  it('moves an approval above the checker’s limit to the next level, where a checker whose limit covers it decides', async () => {
    const s = await setup();
    const made = await request(s, { amount: '5000.00' });
    const small = await s.checker('1000.00');
    const forwarded = await small.post(`${BASE}/${made.id}/approve`, { version: 1 });
    expect(forwarded.statusCode, forwarded.body).toBe(200);
    expect(forwarded.json()).toMatchObject({ status: 'PENDING', level: 2, decision: null, version: 2 });
    expect(actions(approvalRequestReplySchema.parse(forwarded.json()))).toEqual(['REQUEST', 'FORWARD']);
    expect(await auditRows(handle.db, { action: 'test.settlement.forward', entityId: made.subjectId })).toHaveLength(1);

    // The level-1 checker cannot approve it again at level 2; a stale version is refused.
    const twice = await small.post(`${BASE}/${made.id}/approve`, { version: 2 });
    expect(twice.statusCode).toBe(403);
    expect(errorOf(twice).code).toBe('CHECKER_ALREADY_APPROVED');
    const unlimited = await s.checker();
    expect(errorOf(await unlimited.post(`${BASE}/${made.id}/approve`, { version: 1 })).code).toBe('STALE_VERSION');

    // At the top level a limit below the amount refuses the approval, and the request stays at level 2.
    const middle = await s.checker('2000.00');
    const refused = await middle.post(`${BASE}/${made.id}/approve`, { version: 2 });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('APPROVAL_LIMIT_EXCEEDED');
    const [still] = await handle.db.select().from(approvalRequests).where(eq(approvalRequests.id, made.id));
    expect(still).toMatchObject({ status: 'PENDING', level: 2, version: 2 });

    const covering = await s.checker('5000.00');
    const approved = await covering.post(`${BASE}/${made.id}/approve`, { version: 2 });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'APPROVED', level: 2, version: 3 });

    // A limit within the amount completes at level 1; a limit in another currency does not cover the amount.
    const withinLimit = await request(s, { amount: '900.00' });
    expect((await small.post(`${BASE}/${withinLimit.id}/approve`, { version: 1 })).json()).toMatchObject({
      status: 'APPROVED',
      level: 1,
    });
    const dollars = await request(s, { amount: '10.00', currency: 'USD' });
    expect((await small.post(`${BASE}/${dollars.id}/approve`, { version: 1 })).json()).toMatchObject({
      status: 'PENDING',
      level: 2,
    });
  });

  it('needs the authority of the level a request waits at', async () => {
    const s = await setup();
    const account = await createAccount(handle.db, { unit: s.org.branch });
    const made = await s.makerApi.post(TOP_BASE, {
      subjectId: account.id,
      amount: '9000.00',
      currency: 'INR',
      payload: { waiverPercent: 20 },
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json<{ id: number }>().id;
    const small = await s.checker('1000.00');
    expect((await small.post(`${TOP_BASE}/${id}/approve`, { version: 1 })).json()).toMatchObject({ level: 2 });

    const levelOne = await s.checker();
    const refused = await levelOne.post(`${TOP_BASE}/${id}/approve`, { version: 2 });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('AUTHORITY_MISSING');
    const headOffice = await apiAs(t, await createStaff(handle.db, s.org.ho, ['ACC_MARK_APP_SAUTH']), s.org.ho);
    const approved = await headOffice.post(`${TOP_BASE}/${id}/approve`, { version: 2 });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'APPROVED', level: 2, version: 3 });
  });

  it('pushes a request back to its maker, who resubmits it; a rejected request is reconsidered and approved', async () => {
    const s = await setup();
    const made = await request(s);
    const checker = await s.checker();
    const pushed = await checker.post(`${BASE}/${made.id}/pushback`, { version: 1, remarks: 'Attach the waiver note' });
    expect(pushed.json()).toMatchObject({ status: 'PUSHBACK', version: 2 });
    expect(errorOf(await checker.post(`${BASE}/${made.id}/approve`, { version: 2 })).code).toBe('ALREADY_DECIDED');

    const other = await apiAs(t, await createStaff(handle.db, s.org.branch, ['SETTLE_INIT_SAUTH']), s.org.branch);
    const notMaker = await other.post(`${BASE}/${made.id}/resubmit`, { version: 2 });
    expect(notMaker.statusCode).toBe(403);
    expect(errorOf(notMaker).code).toBe('NOT_THE_MAKER');

    const resubmitted = await s.makerApi.post(`${BASE}/${made.id}/resubmit`, {
      version: 2,
      amount: '4500.00',
      payload: { waiverPercent: 8 },
      remarks: 'Waiver note attached',
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(resubmitted.json()).toMatchObject({
      status: 'PENDING',
      level: 1,
      amount: '4500.00',
      payload: { waiverPercent: 8 },
      version: 3,
    });

    expect(
      (await checker.post(`${BASE}/${made.id}/reject`, { version: 3, remarks: 'Still short' })).json(),
    ).toMatchObject({
      status: 'REJECTED',
    });
    expect(errorOf(await s.makerApi.post(`${BASE}/${made.id}/reconsider`, { version: 4 })).code).toBe(
      'MAKER_CANNOT_CHECK',
    );
    const reconsidered = await checker.post(`${BASE}/${made.id}/reconsider`, { version: 4, remarks: 'New evidence' });
    expect(reconsidered.json()).toMatchObject({ status: 'PENDING', level: 1, decision: null, version: 5 });
    const approved = approvalRequestReplySchema.parse(
      (await (await s.checker()).post(`${BASE}/${made.id}/approve`, { version: 5 })).json(),
    );
    expect(approved.status).toBe('APPROVED');
    expect(actions(approved)).toEqual(['REQUEST', 'PUSHBACK', 'RESUBMIT', 'REJECT', 'RECONSIDER', 'APPROVE']);
    expect(approved.history.map((step) => step.remarks)).toEqual([
      null,
      'Attach the waiver note',
      'Waiver note attached',
      'Still short',
      'New evidence',
      null,
    ]);
  });

  it('lists a flow’s requests per tab for the subtree or the maker, with the count of every tab', async () => {
    const s = await setup();
    const first = await request(s);
    const second = await request(s, { amount: '700.00' });
    const checker = await s.checker();
    await checker.post(`${BASE}/${second.id}/reject`, { version: 1, remarks: 'Not covered' });

    const pending = await checker.get(`${BASE}?tab=pending&view=team`);
    expect(pending.statusCode, pending.body).toBe(200);
    const page = approvalListPageSchema.parse(pending.json());
    expect(page.data.map((row) => row.id)).toEqual([first.id]);
    expect(page.data[0]).toMatchObject({ makerName: s.maker.fullName, amount: '5000.00', currency: 'INR' });
    expect(page).toMatchObject({ count: 1, tabCounts: { pending: 1, approved: 0, rejected: 1, pushback: 0 } });
    const rejected = approvalListPageSchema.parse((await checker.get(`${BASE}?tab=rejected`)).json());
    expect(rejected.data.map((row) => row.id)).toEqual([second.id]);

    const mine = approvalListPageSchema.parse((await checker.get(`${BASE}?view=my`)).json());
    expect(mine.data).toEqual([]);
    const outsider = await s.checker(undefined, s.org.foreign);
    expect(approvalListPageSchema.parse((await outsider.get(BASE)).json()).tabCounts.pending).toBe(0);
    expect(errorOf(await checker.get(`${BASE}?tab=closed`)).fields).toEqual(['tab']);
  });

  it('keeps the history append-only: the database refuses to change or remove a step', async () => {
    const s = await setup();
    const made = await request(s);
    await expect(
      handle.db.update(approvalEvents).set({ remarks: 'rewritten' }).where(eq(approvalEvents.requestId, made.id)),
    ).rejects.toThrow();
    await expect(handle.db.delete(approvalEvents).where(eq(approvalEvents.requestId, made.id))).rejects.toThrow();
    await expect(handle.db.execute(sql`truncate approval_events cascade`)).rejects.toThrow();
    const history = await handle.db.select().from(approvalEvents).where(eq(approvalEvents.requestId, made.id));
    expect(history).toEqual([expect.objectContaining({ action: 'REQUEST', remarks: null })]);
  });

  it('answers 404 outside the acting unit’s subtree, and writes nothing when the effect fails', async () => {
    const s = await setup();
    const made = await request(s);
    const outsider = await s.checker(undefined, s.org.foreign);
    expect((await outsider.get(`${BASE}/${made.id}`)).statusCode).toBe(404);
    expect((await outsider.post(`${BASE}/${made.id}/approve`, { version: 1 })).statusCode).toBe(404);
    const foreignAccount = await createAccount(handle.db, { unit: s.org.foreign });
    const outOfScope = await s.makerApi.post(BASE, {
      subjectId: foreignAccount.id,
      amount: '1.00',
      currency: 'INR',
      payload: { waiverPercent: 1 },
    });
    expect(outOfScope.statusCode).toBe(404);
    expect(errorOf(await s.makerApi.post(BASE, { subjectId: foreignAccount.id })).fields).toEqual(['amount']);

    const again = await s.makerApi.post(BASE, {
      subjectId: made.subjectId,
      amount: '1.00',
      currency: 'INR',
      payload: { waiverPercent: 1 },
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('APPROVAL_ALREADY_OPEN');

    const badPayload = await s.makerApi.post(BASE, {
      subjectId: foreignAccount.id,
      amount: '1.00',
      currency: 'INR',
      payload: { waiverPercent: 140 },
    });
    expect(badPayload.statusCode).toBe(400);
    expect(errorOf(badPayload).fields).toEqual(['payload.waiverPercent']);
    expect(
      errorOf(await s.makerApi.post(BASE, { subjectId: made.subjectId, amount: '0.00', currency: 'INR' })).fields,
    ).toEqual(['amount']);

    const failing = await request(s, { payload: { waiverPercent: 5, failEffect: true } });
    const checker = await s.checker();
    const refused = await checker.post(`${BASE}/${failing.id}/approve`, { version: 1 });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('ACCOUNT_ON_HOLD');
    const view = approvalRequestReplySchema.parse((await checker.get(`${BASE}/${failing.id}`)).json());
    expect(view).toMatchObject({ status: 'PENDING', version: 1 });
    expect(actions(view)).toEqual(['REQUEST']);
    expect(await auditRows(handle.db, { action: 'test.settlement.approve', entityId: failing.subjectId })).toEqual([]);

    const unrelated = await apiAs(t, await createStaff(handle.db, s.org.zone, ['TELECALLER_SAUTH']), s.org.zone);
    const forbidden = await unrelated.get(`${BASE}/${made.id}`);
    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden).code).toBe('AUTHORITY_MISSING');
  });
});
