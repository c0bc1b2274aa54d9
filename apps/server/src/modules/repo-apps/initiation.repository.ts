import { sql } from 'drizzle-orm';
import type { InitiationCandidate } from '@recovery-desk/domain/repo/contracts.ts';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import { selectRows } from '../../db/sql-rows.ts';
import { dpdAtLeast } from '@recovery-desk/db/dpd-sql.ts';

/**
 * Accounts of the unit subtree that may start a case of `definitionCode`: past due, and no open case of that workflow.
 * Most days past due first; `q` matches the account number's start or the customer's name; `offset` rows skipped.
 */
export async function listInitiationCandidates(
  db: Executor,
  input: { definitionCode: string; unitPath: string; q?: string; limit: number; offset?: number },
): Promise<InitiationCandidate[]> {
  const search = input.q
    ? sql`and (a.account_no like ${likePrefix(input.q)} or c.name ilike ${`%${input.q.replace(/[\\%_]/g, '\\$&')}%`})`
    : sql``;
  return selectRows<InitiationCandidate>(
    db,
    sql`select a.id as "accountId", a.account_no as "accountNo", c.name as "customerName", a.product,
        a.dpd as dpd, a.bucket, a.currency, a.total_due_amount::text as "totalAmountOverdue", u.unit_code as "unitCode"
      from accounts a join customers c on c.id = a.customer_id join units u on u.id = a.unit_id
      where a.unit_path like ${likePrefix(input.unitPath)} and ${dpdAtLeast('a', 1)} ${search}
        and not exists (select 1 from cases k where k.account_id = a.id
          and k.definition_code = ${input.definitionCode} and not k.is_closed)
      order by a.dpd desc, a.id limit ${input.limit} offset ${input.offset ?? 0}`,
  );
}

/** The account with this number in the unit subtree (another unit's account is as absent as a missing one). */
export async function findAccountIdByNo(
  db: Executor,
  input: { accountNo: string; unitPath: string },
): Promise<number | undefined> {
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`select id from accounts where account_no = ${input.accountNo} and unit_path like ${likePrefix(input.unitPath)}`,
  );
  return row ? Number(row.id) : undefined;
}

/** The case of a workflow with this number in the unit subtree: its stage, version and whether it is closed. */
export async function findCaseByNo(
  db: Executor,
  input: { caseNo: string; definitionCode: string; unitPath: string },
): Promise<{ caseId: number; caseNo: string; stage: string; version: number; isClosed: boolean } | undefined> {
  const [row] = await selectRows<{ caseId: number; caseNo: string; stage: string; version: number; isClosed: boolean }>(
    db,
    sql`select id as "caseId", case_no as "caseNo", stage, version, is_closed as "isClosed" from cases
      where case_no = ${input.caseNo} and definition_code = ${input.definitionCode}
        and unit_path like ${likePrefix(input.unitPath)}`,
  );
  return row ? { ...row, caseId: Number(row.caseId), version: Number(row.version) } : undefined;
}

export type CaseExportFilter = {
  definitionCode: string;
  unitPath: string;
  stage?: string | undefined;
  state?: 'OPEN' | 'CLOSED' | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

export type CaseExportRow = {
  id: number;
  caseNo: string;
  accountNo: string;
  customerName: string;
  stage: string;
  status: string;
  openedOn: string;
  stageEnteredOn: string | null;
  dueOn: string | null;
  closedOn: string | null;
  fields: Record<string, unknown>;
};

function caseExportWhere(filter: CaseExportFilter) {
  const list = [
    sql`k.definition_code = ${filter.definitionCode}`,
    sql`k.unit_path like ${likePrefix(filter.unitPath)}`,
  ];
  if (filter.stage) list.push(sql`k.stage = ${filter.stage}`);
  if (filter.state) list.push(filter.state === 'OPEN' ? sql`not k.is_closed` : sql`k.is_closed`);
  if (filter.from) list.push(sql`k.created_at >= ${filter.from}::date`);
  if (filter.to) list.push(sql`k.created_at < (${filter.to}::date + 1)`);
  return sql.join(list, sql` and `);
}

export async function countCasesForExport(db: Executor, filter: CaseExportFilter): Promise<number> {
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from cases k where ${caseExportWhere(filter)}`,
  );
  return row?.count ?? 0;
}

/** One batch of the export's cases in id order, after `afterId` (keyset paging: each batch is one short query). */
export async function readCasesForExport(
  db: Executor,
  filter: CaseExportFilter & { afterId: number; limit: number },
): Promise<CaseExportRow[]> {
  const rows = await selectRows<CaseExportRow>(
    db,
    sql`select k.id, k.case_no as "caseNo", a.account_no as "accountNo", c.name as "customerName", k.stage,
        k.status, to_char(k.created_at, 'YYYY-MM-DD') as "openedOn", k.stage_entered_on::text as "stageEnteredOn",
        k.due_on::text as "dueOn", k.closed_on::text as "closedOn", k.fields
      from cases k join accounts a on a.id = k.account_id join customers c on c.id = a.customer_id
      where ${caseExportWhere(filter)} and k.id > ${filter.afterId}
      order by k.id limit ${filter.limit}`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}
