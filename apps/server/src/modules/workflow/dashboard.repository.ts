import { sql } from 'drizzle-orm';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import { selectRows } from '../../db/sql-rows.ts';

// A workflow dashboard's counts over one definition's cases of the acting unit's subtree (the legal dashboard and the
// repossession dashboard read them). The tabs follow the workflow contracts: pending approval = open at the stage
// and neither pushed back nor rejected; pushback = open with status Pushback; rejected = open with status Rejected,
// and cases a step at the stage rejected or declined; overdue = open with the stage's due date before the business
// date. Ageing = open cases by days at their stage (business date − stage_entered_on).

export type StageCounts = {
  stage: string;
  open: number;
  pendingApproval: number;
  pushback: number;
  rejected: number;
  overdue: number;
  upTo7: number;
  upTo30: number;
  upTo90: number;
  over90: number;
};

export type DashboardScope = { definitionCode: string; unitPath: string };

const inScope = (scope: DashboardScope) =>
  sql`k.definition_code = ${scope.definitionCode} and k.unit_path like ${likePrefix(scope.unitPath)}`;

const ZERO = { open: 0, pendingApproval: 0, pushback: 0, rejected: 0, overdue: 0, upTo7: 0, upTo30: 0, upTo90: 0 };

export async function countByStage(
  db: Executor,
  input: DashboardScope & { businessDate: string },
): Promise<StageCounts[]> {
  const scope = inScope(input);
  const day = sql`${input.businessDate}::date`;
  const [openRows, rejectedRows] = await Promise.all([
    selectRows<Omit<StageCounts, 'rejected'>>(
      db,
      sql`select k.stage, count(*)::int as open,
          (count(*) filter (where k.status not in ('Pushback', 'Rejected')))::int as "pendingApproval",
          (count(*) filter (where k.status = 'Pushback'))::int as pushback,
          (count(*) filter (where k.due_on < ${day}))::int as overdue,
          (count(*) filter (where ${day} - k.stage_entered_on <= 7))::int as "upTo7",
          (count(*) filter (where ${day} - k.stage_entered_on between 8 and 30))::int as "upTo30",
          (count(*) filter (where ${day} - k.stage_entered_on between 31 and 90))::int as "upTo90",
          (count(*) filter (where ${day} - k.stage_entered_on > 90))::int as over90
        from cases k where ${scope} and not k.is_closed group by k.stage`,
    ),
    selectRows<{ stage: string; rejected: number }>(
      db,
      sql`select x.stage, count(distinct x.case_id)::int as rejected from (
          select k.stage, k.id as case_id from cases k
            where ${scope} and not k.is_closed and k.status = 'Rejected'
          union
          select e.from_stage as stage, e.case_id from case_events e join cases k on k.id = e.case_id
            where ${scope} and e.action in ('reject', 'decline') and e.from_stage is not null
        ) x group by x.stage`,
    ),
  ]);
  const byStage = new Map<string, StageCounts>();
  for (const row of openRows) byStage.set(row.stage, { ...row, rejected: 0 });
  for (const row of rejectedRows) {
    const entry = byStage.get(row.stage) ?? { stage: row.stage, ...ZERO, over90: 0 };
    entry.rejected = row.rejected;
    byStage.set(row.stage, entry);
  }
  return [...byStage.values()];
}

export async function countTotals(
  db: Executor,
  input: DashboardScope & { businessDate: string; monthStart: string },
): Promise<{ open: number; overdue: number; closedThisMonth: number }> {
  const [row] = await selectRows<{ open: number; overdue: number; closedThisMonth: number }>(
    db,
    sql`select (count(*) filter (where not k.is_closed))::int as open,
        (count(*) filter (where not k.is_closed and k.due_on < ${input.businessDate}::date))::int as overdue,
        (count(*) filter (where k.is_closed and k.closed_on between ${input.monthStart}::date
          and ${input.businessDate}::date))::int as "closedThisMonth"
      from cases k where ${inScope(input)}`,
  );
  return row ?? { open: 0, overdue: 0, closedThisMonth: 0 };
}

export type OverdueCase = {
  caseId: number;
  caseNo: string;
  accountId: number;
  accountNo: string;
  customerName: string;
  stage: string;
  dueOn: string;
};

/** Open cases past their stage's due date, most overdue first. */
export async function listOverdueCases(
  db: Executor,
  input: DashboardScope & { businessDate: string; limit: number },
): Promise<OverdueCase[]> {
  return selectRows<OverdueCase>(
    db,
    sql`select k.id as "caseId", k.case_no as "caseNo", k.account_id as "accountId", a.account_no as "accountNo",
        c.name as "customerName", k.stage, k.due_on as "dueOn"
      from cases k join accounts a on a.id = k.account_id join customers c on c.id = a.customer_id
      where ${inScope(input)} and not k.is_closed and k.due_on < ${input.businessDate}::date
      order by k.due_on, k.id limit ${input.limit}`,
  );
}
