import { sql } from 'drizzle-orm';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import { selectRows } from '../../db/sql-rows.ts';

// Linked Account Details (/Repo/linkLanVueAccount): the loan accounts of the borrower of one account, in the acting
// unit's subtree, each with its outstanding and its open cases; the borrower's accounts elsewhere are only counted.

export type LinkedAccountRow = {
  accountId: number;
  accountNo: string;
  product: string;
  currency: string;
  unitCode: string;
  branchName: string;
  dpd: number;
  assetClass: string;
  principal: string;
  interest: string;
  charges: string;
  totalDue: string;
  settlementStatus: string | null;
  cases: { caseId: number; caseNo: string; definitionCode: string; stage: string }[] | null;
};

/** The borrower of the account, when the account is in the subtree. */
export async function findBorrowerInScope(
  db: Executor,
  input: { accountId: number; unitPath: string },
): Promise<{ customerId: number; customerName: string } | undefined> {
  const [row] = await selectRows<{ customerId: string; customerName: string }>(
    db,
    sql`select c.id::text as "customerId", c.name as "customerName" from accounts a join customers c on c.id = a.customer_id
        where a.id = ${input.accountId} and a.unit_path like ${likePrefix(input.unitPath)}`,
  );
  return row ? { customerId: Number(row.customerId), customerName: row.customerName } : undefined;
}

export async function listBorrowerAccounts(
  db: Executor,
  input: { customerId: number; unitPath: string },
): Promise<{ rows: LinkedAccountRow[]; outsideScope: number }> {
  const scope = likePrefix(input.unitPath);
  const rows = await selectRows<LinkedAccountRow>(
    db,
    sql`select a.id::int as "accountId", a.account_no as "accountNo", a.product, a.currency, u.unit_code as "unitCode",
          u.name as "branchName", a.dpd as dpd, a.asset_class as "assetClass",
          a.total_principal_outstanding::text as principal, a.total_interest_outstanding::text as interest,
          (a.other_charges + a.overdue_charges + a.bounce_charges)::text as charges,
          a.total_due_amount::text as "totalDue", a.settlement_status as "settlementStatus",
          (select json_agg(json_build_object('caseId', k.id, 'caseNo', k.case_no, 'definitionCode', k.definition_code,
              'stage', k.stage) order by k.id)
            from cases k where k.account_id = a.id and not k.is_closed) as cases
        from accounts a join units u on u.id = a.unit_id
        where a.customer_id = ${input.customerId} and a.unit_path like ${scope}
        order by a.account_no`,
  );
  const [outside] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from accounts where customer_id = ${input.customerId} and unit_path not like ${scope}`,
  );
  return { rows, outsideScope: outside?.n ?? 0 };
}
