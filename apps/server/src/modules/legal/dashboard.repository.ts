import { sql } from 'drizzle-orm';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import { selectRows } from '../../db/sql-rows.ts';
import { LEGAL_CODE } from './legal-constants.ts';

// The legal dashboard's counts over LEGAL cases of the acting unit's subtree. The tabs follow the workflow
// contracts: pending approval = open at the stage and neither pushed back nor rejected; pushback = open with
// status Pushback; rejected = open with status Rejected, and cases a step at the stage rejected or declined;
// overdue = open with the stage's due date before the business date.

export type StageCounts = {
  stage: string;
  open: number;
  pendingApproval: number;
  pushback: number;
  rejected: number;
  overdue: number;
};

const inScope = (unitPath: string) =>
  sql`k.definition_code = ${LEGAL_CODE} and k.unit_path like ${likePrefix(unitPath)}`;

export async function countByStage(
  db: Executor,
  input: { unitPath: string; businessDate: string },
): Promise<StageCounts[]> {
  const scope = inScope(input.unitPath);
  const [openRows, rejectedRows] = await Promise.all([
    selectRows<Omit<StageCounts, 'rejected'>>(
      db,
      sql`select k.stage, count(*)::int as open,
          (count(*) filter (where k.status not in ('Pushback', 'Rejected')))::int as "pendingApproval",
          (count(*) filter (where k.status = 'Pushback'))::int as pushback,
          (count(*) filter (where k.due_on < ${input.businessDate}::date))::int as overdue
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
    const entry = byStage.get(row.stage) ?? {
      stage: row.stage,
      open: 0,
      pendingApproval: 0,
      pushback: 0,
      rejected: 0,
      overdue: 0,
    };
    entry.rejected = row.rejected;
    byStage.set(row.stage, entry);
  }
  return [...byStage.values()];
}

export async function countTotals(
  db: Executor,
  input: { unitPath: string; businessDate: string; monthStart: string },
): Promise<{ open: number; overdue: number; closedThisMonth: number }> {
  const [row] = await selectRows<{ open: number; overdue: number; closedThisMonth: number }>(
    db,
    sql`select (count(*) filter (where not k.is_closed))::int as open,
        (count(*) filter (where not k.is_closed and k.due_on < ${input.businessDate}::date))::int as overdue,
        (count(*) filter (where k.is_closed and k.closed_on between ${input.monthStart}::date
          and ${input.businessDate}::date))::int as "closedThisMonth"
      from cases k where ${inScope(input.unitPath)}`,
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
  input: { unitPath: string; businessDate: string; limit: number },
): Promise<OverdueCase[]> {
  return selectRows<OverdueCase>(
    db,
    sql`select k.id as "caseId", k.case_no as "caseNo", k.account_id as "accountId", a.account_no as "accountNo",
        c.name as "customerName", k.stage, k.due_on as "dueOn"
      from cases k join accounts a on a.id = k.account_id join customers c on c.id = a.customer_id
      where ${inScope(input.unitPath)} and not k.is_closed and k.due_on < ${input.businessDate}::date
      order by k.due_on, k.id limit ${input.limit}`,
  );
}

export type UpcomingHearing = {
  caseId: number;
  caseNo: string;
  accountId: number;
  customerName: string;
  court: string | null;
  hearingDate: string;
};

const ISO_DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';

/**
 * Hearings from the business date to `until`: the next hearing date of open cases in court (Court Case Update
 * and its approval), and open hearing reminders of open cases.
 */
export async function listUpcomingHearings(
  db: Executor,
  input: { unitPath: string; businessDate: string; until: string },
): Promise<UpcomingHearing[]> {
  const scope = inScope(input.unitPath);
  return selectRows<UpcomingHearing>(
    db,
    sql`select distinct h."caseId", h."caseNo", h."accountId", h."customerName", h.court, h."hearingDate" from (
        select k.id as "caseId", k.case_no as "caseNo", k.account_id as "accountId", c.name as "customerName",
          k.fields->>'court' as court, k.fields->>'nextHearingDate' as "hearingDate"
        from cases k join accounts a on a.id = k.account_id join customers c on c.id = a.customer_id
        where ${scope} and not k.is_closed and k.stage in ('COURT_CASE_UPDATE', 'COURT_UPDATE_APPROVAL')
          and k.fields->>'nextHearingDate' ~ ${ISO_DATE_PATTERN}
          and k.fields->>'nextHearingDate' between ${input.businessDate} and ${input.until}
        union
        select k.id, k.case_no, k.account_id, c.name, k.fields->>'court', r.due_on::text
        from case_reminders r join cases k on k.id = r.case_id
          join accounts a on a.id = k.account_id join customers c on c.id = a.customer_id
        where ${scope} and not k.is_closed and r.status = 'OPEN' and r.kind = 'HEARING'
          and r.due_on between ${input.businessDate}::date and ${input.until}::date
      ) h order by h."hearingDate", h."caseNo"`,
  );
}
