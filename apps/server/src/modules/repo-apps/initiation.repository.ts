import { sql } from 'drizzle-orm';
import type { InitiationCandidate } from '@recovery-desk/domain/repo/contracts.ts';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import { selectRows } from '../../db/sql-rows.ts';
import { dpdAtLeast } from '@recovery-desk/db/dpd-sql.ts';

/**
 * Accounts of the unit subtree that may start a case of `definitionCode`: past due, and no open case of that workflow.
 * Most days past due first; `q` matches the account number's start or the customer's name.
 */
export async function listInitiationCandidates(
  db: Executor,
  input: { definitionCode: string; unitPath: string; q?: string; limit: number },
): Promise<InitiationCandidate[]> {
  const search = input.q
    ? sql`and (a.account_no like ${likePrefix(input.q)} or c.name ilike ${`%${input.q.replace(/[\\%_]/g, '\\$&')}%`})`
    : sql``;
  return selectRows<InitiationCandidate>(
    db,
    sql`select a.id as "accountId", a.account_no as "accountNo", c.name as "customerName", a.product,
        a.dpd as dpd, u.unit_code as "unitCode"
      from accounts a join customers c on c.id = a.customer_id join units u on u.id = a.unit_id
      where a.unit_path like ${likePrefix(input.unitPath)} and ${dpdAtLeast('a', 1)} ${search}
        and not exists (select 1 from cases k where k.account_id = a.id
          and k.definition_code = ${input.definitionCode} and not k.is_closed)
      order by a.dpd desc, a.id limit ${input.limit}`,
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
