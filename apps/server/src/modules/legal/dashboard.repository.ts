import { sql } from 'drizzle-orm';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import { selectRows } from '../../db/sql-rows.ts';
import {
  countByStage as countWorkflowByStage,
  countTotals as countWorkflowTotals,
  listOverdueCases as listWorkflowOverdueCases,
  type OverdueCase,
  type StageCounts,
} from '../workflow/index.ts';
import { LEGAL_CODE } from './legal-constants.ts';

// The legal dashboard's counts over LEGAL cases of the acting unit's subtree: the workflow dashboard's counts
// (workflow/dashboard.repository.ts: tabs, overdue, totals, overdue cases) and the legal hearings.

export type { OverdueCase, StageCounts };

const inScope = (unitPath: string) =>
  sql`k.definition_code = ${LEGAL_CODE} and k.unit_path like ${likePrefix(unitPath)}`;

export function countByStage(db: Executor, input: { unitPath: string; businessDate: string }): Promise<StageCounts[]> {
  return countWorkflowByStage(db, { ...input, definitionCode: LEGAL_CODE });
}

export function countTotals(
  db: Executor,
  input: { unitPath: string; businessDate: string; monthStart: string },
): Promise<{ open: number; overdue: number; closedThisMonth: number }> {
  return countWorkflowTotals(db, { ...input, definitionCode: LEGAL_CODE });
}

/** Open cases past their stage's due date, most overdue first. */
export function listOverdueCases(
  db: Executor,
  input: { unitPath: string; businessDate: string; limit: number },
): Promise<OverdueCase[]> {
  return listWorkflowOverdueCases(db, { ...input, definitionCode: LEGAL_CODE });
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
