import { sql } from 'drizzle-orm';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import { selectRows } from '../../db/sql-rows.ts';

// What the demo's repossession and SARFAESI seed reads: whether it ran, and the secured NPA accounts it starts cases on.

export async function countSecuredCases(db: Executor): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from cases where definition_code in ('REPOSSESSION', 'SARFAESI')`,
  );
  return row?.n ?? 0;
}

export type SecuredCandidate = {
  accountId: number;
  accountNo: string;
  customerName: string;
  product: string;
  totalDueAmount: string;
  principal: string;
  interest: string;
  charges: string;
  collateral: string | null;
  registrationNo: string | null;
  makeModel: string | null;
  propertyAddress: string | null;
};

/** NPA accounts of the products in the unit's subtree (INR, no open case of any workflow), most overdue first. */
export async function listSecuredCandidates(
  db: Executor,
  input: { unitPath: string; products: readonly string[]; limit: number },
): Promise<SecuredCandidate[]> {
  return selectRows<SecuredCandidate>(
    db,
    sql`select a.id as "accountId", a.account_no as "accountNo", c.name as "customerName", a.product,
        a.total_due_amount::text as "totalDueAmount", a.total_principal_outstanding::text as principal,
        a.total_interest_outstanding::text as interest,
        (a.other_charges + a.overdue_charges + a.bounce_charges)::text as charges,
        co.description as collateral, co.registration_no as "registrationNo", co.make_model as "makeModel",
        co.property_address as "propertyAddress"
      from accounts a
      join customers c on c.id = a.customer_id
      left join lateral (select * from collaterals x where x.account_id = a.id order by x.id limit 1) co on true
      where a.unit_path like ${likePrefix(input.unitPath)} and a.currency = 'INR' and a.asset_class = 'NPA'
        and a.product in (${sql.join(
          input.products.map((product) => sql`${product}`),
          sql`, `,
        )})
        and not exists (select 1 from cases k where k.account_id = a.id and not k.is_closed)
      order by a.overdue_key desc, a.id
      limit ${input.limit}`,
  );
}

/** The checklist codes on a case (uploaded or generated). */
export async function caseDocumentCodes(db: Executor, caseId: number): Promise<Set<string>> {
  const rows = await selectRows<{ code: string }>(
    db,
    sql`select distinct code from case_documents where case_id = ${caseId}`,
  );
  return new Set(rows.map((row) => row.code));
}
