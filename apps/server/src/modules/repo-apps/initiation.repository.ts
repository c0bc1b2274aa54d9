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
