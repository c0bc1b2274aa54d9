import type { Database } from '@recovery-desk/db/client.ts';
import type { ApprovalRequestReply } from '@recovery-desk/domain/approvals/contracts.ts';
import type { MarkLookupReply } from '@recovery-desk/domain/collections/account-marks.ts';
import { apiAs, createAccount, createOrg, createStaff, type Api } from '../collections/factories.ts';
import type { TestUnit } from '../factories.ts';
import type { TestApp } from '../support/test-app.ts';

// One successful call per account-marking route of the approval kit, for the audit trail test
// (apps/server/test/audit.test.ts): a branch maker requests, a zone checker decides. Each case makes its own account.

type Fixture = { t: TestApp; db: Database; branch: TestUnit; maker: Api; checker: Api };

export function accountMarksAuditCases(env: () => { t: TestApp; db: Database }): Record<string, () => Promise<number>> {
  let fixture: Fixture | undefined;
  async function marks(): Promise<Fixture> {
    const { t, db } = env();
    if (!fixture || fixture.t !== t) {
      const org = await createOrg(db);
      fixture = {
        t,
        db,
        branch: org.branch,
        maker: await apiAs(
          t,
          await createStaff(db, org.branch, ['MAN_ACC_MARK_SAUTH', 'MAN_ACC_UNMARK_SAUTH']),
          org.branch,
        ),
        checker: await apiAs(t, await createStaff(db, org.zone, ['ACC_MARK_APP_SAUTH']), org.zone),
      };
    }
    return fixture;
  }

  async function marked(): Promise<{ accountId: number; accountNo: string; request: ApprovalRequestReply }> {
    const { db, branch, maker } = await marks();
    const account = await createAccount(db, { unit: branch });
    const reply = await maker.post('/api/approvals/ACCOUNT_MARKING/requests', {
      subjectId: account.id,
      payload: { mark: 'VIP', reason: 'Audit walk' },
    });
    return { accountId: account.id, accountNo: account.accountNo, request: reply.json<ApprovalRequestReply>() };
  }

  async function unmarkRequested(): Promise<ApprovalRequestReply> {
    return (await requestUnmark()).json<ApprovalRequestReply>();
  }

  async function requestUnmark() {
    const { maker, checker } = await marks();
    const { accountId, accountNo, request } = await marked();
    await checker.post(`/api/approvals/ACCOUNT_MARKING/requests/${request.id}/approve`, { version: request.version });
    const lookup = (await maker.get(`/api/account-marks/lookup?accountNo=${accountNo}`)).json<MarkLookupReply>();
    return maker.post('/api/approvals/ACCOUNT_UNMARKING/requests', {
      subjectId: accountId,
      payload: { markId: lookup.marks[0]!.id, reason: 'Audit walk' },
    });
  }

  const cases: Record<string, () => Promise<number>> = {};
  for (const [flow, open] of [
    ['ACCOUNT_MARKING', async () => (await marked()).request],
    ['ACCOUNT_UNMARKING', unmarkRequested],
  ] as const) {
    const base = `/api/approvals/${flow}/requests`;
    cases[`POST ${base}`] = async () => {
      const { maker } = await marks();
      if (flow === 'ACCOUNT_MARKING') {
        const { db, branch } = await marks();
        const account = await createAccount(db, { unit: branch });
        return (await maker.post(base, { subjectId: account.id, payload: { mark: 'DISPUTE', reason: 'Audit walk' } }))
          .statusCode;
      }
      return (await requestUnmark()).statusCode;
    };
    for (const decision of ['approve', 'reject', 'pushback']) {
      cases[`POST ${base}/:id/${decision}`] = async () => {
        const { checker } = await marks();
        const request = await open();
        return (await checker.post(`${base}/${request.id}/${decision}`, { version: request.version, remarks: 'Walk' }))
          .statusCode;
      };
    }
    cases[`POST ${base}/:id/resubmit`] = async () => {
      const { maker, checker } = await marks();
      const request = await open();
      const pushed = (
        await checker.post(`${base}/${request.id}/pushback`, { version: request.version, remarks: 'Walk' })
      ).json<ApprovalRequestReply>();
      return (await maker.post(`${base}/${request.id}/resubmit`, { version: pushed.version, remarks: 'Again' }))
        .statusCode;
    };
  }
  return cases;
}
