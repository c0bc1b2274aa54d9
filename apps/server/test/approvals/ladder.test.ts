import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@recovery-desk/db/client.ts';
import { openTestDatabase, testDatabaseKinds } from '@recovery-desk/db/test-database.ts';
import { approvalRequestReplySchema } from '@recovery-desk/domain/approvals/contracts.ts';
import type { ApprovalFlow } from '@recovery-desk/domain/approvals/flow.ts';
import { withTransaction } from '../../src/db/transaction.ts';
import { unitContext } from '../../src/http/request-context.ts';
import type { ApprovalHandler } from '../../src/modules/approvals/approval-handler.ts';
import { requestApprovalInTx } from '../../src/modules/approvals/services/request-approval.ts';
import { dataOnlyHandler } from '../../src/modules/approvals/subjects.ts';
import { apiAs, createAccount, createOrg, createStaff, errorOf, type Org } from '../collections/factories.ts';
import { ensureOrganisation } from '../factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The approval kit's ladder of delegation (issue 13): a flow whose levels carry the organisational level a checker
// must act at (`unitLevel`), a request that starts above level 1 (`NewApproval.level`, set by the owning module),
// and a handler that says where a resubmitted or reconsidered request waits again (`reopenLevel`).

const LADDER: ApprovalFlow = {
  code: 'TEST_LADDER',
  app: 'collapp',
  subject: 'ACCOUNT',
  labelKey: 'SettlementApproval',
  makerAuthority: 'SETTLE_INIT_SAUTH',
  levels: [
    { authority: 'SETTLE_APP_SAUTH', labelKey: 'SettlementLevelBranch', unitLevel: 'BRANCH' },
    { authority: 'SETTLE_APP_SAUTH', labelKey: 'SettlementLevelZone', unitLevel: 'ZONE' },
    { authority: 'SETTLE_APP_SAUTH', labelKey: 'SettlementLevelBoard', unitLevel: 'HO' },
  ],
  decisions: [
    { name: 'approve', kind: 'approve', labelKey: 'Approve' },
    { name: 'reject', kind: 'reject', labelKey: 'Reject' },
    { name: 'pushback', kind: 'pushback', labelKey: 'Pushback' },
    { name: 'reconsider', kind: 'reconsider', labelKey: 'Reconsider' },
  ],
  amountLimited: false,
  audit: { prefix: 'test.ladder', entity: 'account' },
  routes: 'kit',
  texts: { name: 'Ladder request', ownWork: 'a ladder request', notFound: 'Ladder request not found' },
};

const HANDLER: ApprovalHandler<never> = {
  ...dataOnlyHandler(LADDER),
  reopenLevel: (request) => Number(request.payload.startLevel ?? 1),
};

const BASE = '/api/approvals/TEST_LADDER/requests';

describe.each(testDatabaseKinds())('approval kit: a ladder of delegation (%s)', (kind) => {
  let handle: DatabaseHandle;
  let t: TestApp;
  let org: Org;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await ensureOrganisation(handle.db);
    t = await createTestApp(handle.db, {
      approvalHandlers: [HANDLER],
      // The owning module's verb: it decides the start level itself and requests inside its transaction.
      routes: (app) => {
        app.post(
          '/api/test-ladder/:accountId/:level',
          { config: { auth: { app: 'collapp', authority: 'SETTLE_INIT_SAUTH' } } },
          async (request) => {
            const ctx = unitContext(request.ctx);
            const params = request.params as { accountId: string; level: string };
            const level = Number(params.level);
            const made = await withTransaction(handle.db, (tx) =>
              requestApprovalInTx(tx, ctx, HANDLER, {
                subjectId: Number(params.accountId),
                unitPath: org.branch.path, // the account's branch: row scope
                maker: { userId: ctx.user.id, unitId: ctx.actingUnit.id },
                payload: { startLevel: level },
                level,
                at: new Date(),
              }),
            );
            return { id: made.id, level: made.level };
          },
        );
      },
    });
    org = await createOrg(handle.db);
  });
  afterAll(async () => {
    await t.close();
    await handle.close();
  });

  it('starts a request at its level; a checker below that organisational level is refused, one at or above decides', async () => {
    const maker = await apiAs(t, await createStaff(handle.db, org.zone, ['SETTLE_INIT_SAUTH']), org.zone);
    const branchChecker = await apiAs(t, await createStaff(handle.db, org.branch, ['SETTLE_APP_SAUTH']), org.branch);
    const zoneChecker = await apiAs(t, await createStaff(handle.db, org.zone, ['SETTLE_APP_SAUTH']), org.zone);
    const hoChecker = await apiAs(t, await createStaff(handle.db, org.ho, ['SETTLE_APP_SAUTH']), org.ho);
    const account = await createAccount(handle.db, { unit: org.branch });

    // Level 1 (branch): a branch checker decides it, and so would anyone above.
    const low = (await maker.post(`/api/test-ladder/${account.id}/1`)).json<{ id: number; level: number }>();
    expect(low.level).toBe(1);
    expect((await branchChecker.post(`${BASE}/${low.id}/approve`, { version: 1 })).statusCode).toBe(200);

    // Level 2 (zone): the branch checker holds the authority but acts below the zone.
    const other = await createAccount(handle.db, { unit: org.branch });
    const mid = (await maker.post(`/api/test-ladder/${other.id}/2`)).json<{ id: number; level: number }>();
    expect(mid.level).toBe(2);
    const refused = await branchChecker.post(`${BASE}/${mid.id}/approve`, { version: 1 });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('AUTHORITY_MISSING');
    expect(errorOf(refused).detail).toContain('zone level or above');

    // Pushed back, resubmitted: it waits at its own level again (the handler's reopen level), not at level 1.
    const pushed = await zoneChecker.post(`${BASE}/${mid.id}/pushback`, { version: 1, remarks: 'More detail' });
    expect(pushed.json()).toMatchObject({ status: 'PUSHBACK' });
    const resubmitted = await maker.post(`${BASE}/${mid.id}/resubmit`, { version: 2 });
    expect(approvalRequestReplySchema.parse(resubmitted.json())).toMatchObject({ status: 'PENDING', level: 2 });
    expect((await branchChecker.post(`${BASE}/${mid.id}/approve`, { version: 3 })).statusCode).toBe(403);

    // Rejected and reconsidered: back at level 2, where the head office (above the zone) approves it.
    await zoneChecker.post(`${BASE}/${mid.id}/reject`, { version: 3, remarks: 'No' });
    const reopened = await zoneChecker.post(`${BASE}/${mid.id}/reconsider`, { version: 4 });
    expect(reopened.json()).toMatchObject({ status: 'PENDING', level: 2 });
    const approved = await hoChecker.post(`${BASE}/${mid.id}/approve`, { version: 5 });
    expect(approved.json()).toMatchObject({ status: 'APPROVED', level: 2 });

    // Level 3 (head office): only the head office decides it.
    const third = await createAccount(handle.db, { unit: org.branch });
    const top = (await maker.post(`/api/test-ladder/${third.id}/3`)).json<{ id: number }>();
    expect((await zoneChecker.post(`${BASE}/${top.id}/approve`, { version: 1 })).statusCode).toBe(403);
    expect((await hoChecker.post(`${BASE}/${top.id}/approve`, { version: 1 })).statusCode).toBe(200);
  });
});
