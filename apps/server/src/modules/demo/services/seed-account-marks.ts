import { sql } from 'drizzle-orm';
import { selectRows } from '../../../db/sql-rows.ts';
import type { AppDeps } from '../../../deps.ts';
import { accountMarkHandlers } from '../../account-marks/index.ts';
import { decideApproval, requestApproval, type ApprovalHandler } from '../../approvals/index.ts';
import { findUnitsByCode, findUsersByUsername } from '../demo-seed.repository.ts';
import { demoUnitContext } from './demo-context.ts';

// The demo's account marks (first start in demo mode), through the approval kit as the demo's people would:
// pay.mumbai (RG-MUM, Manual Account Marking and Unmarking) requests, appr.west (ZN-W, Account Marking Approval)
// decides. Thane branch accounts (the newest, away from the other stories): DO_NOT_CALL and FRAUD approved (in
// effect), a VIP approved with its unmarking waiting, a DISPUTE approved then ended (history), a DISPUTE and a DECEASED
// waiting, a RESTRUCTURED rejected.

type Story = { mark: string; reason: string; outcome: 'pending' | 'approve' | 'reject' | 'unmarkPending' | 'ended' };

const STORIES: readonly Story[] = [
  {
    mark: 'DO_NOT_CALL',
    reason: 'Borrower asked in writing to be contacted by letter only (fair practices code)',
    outcome: 'approve',
  },
  {
    mark: 'FRAUD',
    reason: 'Forged salary slips found at the branch audit; reported to the fraud cell',
    outcome: 'approve',
  },
  {
    mark: 'VIP',
    reason: 'Relationship customer of the branch; calls by the branch manager only',
    outcome: 'unmarkPending',
  },
  { mark: 'DISPUTE', reason: 'Borrower disputed the bounce charges of two EMIs', outcome: 'ended' },
  { mark: 'DISPUTE', reason: 'Borrower disputes the insurance premium debited to the loan', outcome: 'pending' },
  {
    mark: 'DECEASED',
    reason: 'Death certificate received from the family; claim with the insurer',
    outcome: 'pending',
  },
  { mark: 'RESTRUCTURED', reason: 'Restructuring proposed by the borrower', outcome: 'reject' },
];

export async function seedDemoAccountMarks(deps: AppDeps): Promise<{ requests: number }> {
  const users = await findUsersByUsername(deps.db, ['pay.mumbai', 'appr.west']);
  const units = await findUnitsByCode(deps.db, ['RG-MUM', 'ZN-W']);
  const makerUser = users.find((row) => row.username === 'pay.mumbai');
  const checkerUser = users.find((row) => row.username === 'appr.west');
  const region = units.find((row) => row.code === 'RG-MUM');
  const zone = units.find((row) => row.code === 'ZN-W');
  if (!makerUser || !checkerUser || !region || !zone) return { requests: 0 };
  const maker = demoUnitContext(makerUser, region);
  const checker = demoUnitContext(checkerUser, zone);
  const accounts = await selectRows<{ id: number | string }>(
    deps.db,
    sql`select a.id from accounts a join units u on u.id = a.unit_id
      where u.unit_code = 'BR-THN' order by a.id desc limit ${STORIES.length}`,
  );
  if (accounts.length < STORIES.length) return { requests: 0 };
  const [marking, unmarking] = accountMarkHandlers(deps.config.accountMarks) as [
    ApprovalHandler<never>,
    ApprovalHandler<never>,
  ];
  const decide = (handler: ApprovalHandler<never>, id: number, version: number, decision: string, remarks: string) =>
    decideApproval(deps, { ctx: checker, handler, by: { id }, decision, version, remarks, input: undefined as never });
  let requests = 0;
  for (const [index, story] of STORIES.entries()) {
    const accountId = Number(accounts[index]!.id);
    const made = await requestApproval(deps, {
      ctx: maker,
      handler: marking,
      input: { subjectId: accountId, payload: { mark: story.mark, reason: story.reason } },
    });
    requests += 1;
    if (story.outcome === 'pending') continue;
    if (story.outcome === 'reject') {
      await decide(
        marking,
        made.id,
        made.version,
        'reject',
        'No restructuring approval on file; mark after the sanction',
      );
      continue;
    }
    await decide(marking, made.id, made.version, 'approve', 'Checked with the branch');
    if (story.outcome === 'approve') continue;
    const [mark] = await selectRows<{ id: number | string }>(
      deps.db,
      sql`select id from account_marks where account_id = ${accountId} and ended_at is null`,
    );
    const unmark = await requestApproval(deps, {
      ctx: maker,
      handler: unmarking,
      input: {
        subjectId: accountId,
        payload: { markId: Number(mark!.id), reason: 'Resolved: the branch reversed the charges' },
      },
    });
    requests += 1;
    if (story.outcome === 'ended') await decide(unmarking, unmark.id, unmark.version, 'approve', 'Reversal seen');
  }
  return { requests };
}
