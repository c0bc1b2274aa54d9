import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { selectRows } from '../../db/sql-rows.ts';
import { SECURED_WORKFLOWS } from './secured-assets-constants.ts';

// What a repossession or SARFAESI document prints about its case: the case and its fields, the account with its
// outstanding split, the borrower and their address, the co-obligors (account_obligors), the branch and the lender.

export type PostalAddress = {
  line1: string;
  line2: string | null;
  line3: string | null;
  landmark: string | null;
  city: string;
  state: string;
  pinCode: string;
};

export type Obligor = { role: 'BORROWER' | 'CO_BORROWER' | 'GUARANTOR' | string; name: string; address: string | null };

export type SecuredFacts = {
  caseId: number;
  caseNo: string;
  definitionCode: string;
  stage: string;
  fields: Record<string, unknown>;
  accountNo: string;
  product: string;
  currency: string;
  totalDueAmount: string;
  principalOutstanding: string;
  interestOutstanding: string;
  chargesOutstanding: string;
  customerName: string;
  branchName: string;
  lenderName: string;
  address: PostalAddress | null;
  /** co-borrowers and guarantors, in the order they were recorded (the borrower is customerName) */
  coObligors: Obligor[];
};

/**
 * The facts of a REPOSSESSION or SARFAESI case (undefined for any other). The address is the customer's primary one,
 * a residence first (then permanent, then office), oldest first, as the legal notices choose it.
 */
export async function findSecuredFacts(db: Executor, caseId: number): Promise<SecuredFacts | undefined> {
  const [row] = await selectRows<SecuredFacts>(
    db,
    sql`select k.id as "caseId", k.case_no as "caseNo", k.definition_code as "definitionCode", k.stage, k.fields,
        a.account_no as "accountNo", a.product, a.currency, a.total_due_amount as "totalDueAmount",
        a.total_principal_outstanding as "principalOutstanding", a.total_interest_outstanding as "interestOutstanding",
        (a.other_charges + a.overdue_charges + a.bounce_charges)::text as "chargesOutstanding",
        c.name as "customerName", un.name as "branchName",
        (select o.name from organisation o where o.id = 1) as "lenderName",
        (select json_build_object('line1', d.line1, 'line2', d.line2, 'line3', d.line3, 'landmark', d.landmark,
            'city', d.city, 'state', d.state, 'pinCode', d.pin_code)
          from addresses d where d.customer_id = c.id
          order by (d.level = 'PRIMARY') desc,
            case d.address_type when 'RESIDENCE' then 0 when 'PERMANENT' then 1 else 2 end, d.id
          limit 1) as address,
        coalesce((select json_agg(json_build_object('role', ob.role, 'name', ob.name, 'address', ob.address)
            order by ob.id)
          from account_obligors ob where ob.account_id = a.id), '[]'::json) as "coObligors"
      from cases k
      join accounts a on a.id = k.account_id
      join customers c on c.id = a.customer_id
      join units un on un.id = a.unit_id
      where k.id = ${caseId} and k.definition_code in (${sql.join(
        SECURED_WORKFLOWS.map((code) => sql`${code}`),
        sql`, `,
      )})`,
  );
  return row;
}

/** The yard the case's asset is in (its open stay), else the yard it was last in; null when it never was in one. */
export async function findCaseYard(
  db: Executor,
  caseId: number,
): Promise<{ name: string; address: string } | undefined> {
  const [row] = await selectRows<{ name: string; address: string }>(
    db,
    sql`select y.name, y.address from asset_yard_stays s join yards y on y.id = s.yard_id
      where s.case_id = ${caseId} order by (s.out_date is null) desc, s.id desc limit 1`,
  );
  return row;
}

/** The case's lot in its latest auction batch: the lot number, the batch and its auction agency or portal. */
export async function findCaseLot(
  db: Executor,
  caseId: number,
): Promise<{ lotNo: number; batchNo: string; auctionAgency: string } | undefined> {
  const [row] = await selectRows<{ lotNo: number; batchNo: string; auctionAgency: string }>(
    db,
    sql`select l.lot_no as "lotNo", b.batch_no as "batchNo", b.auction_agency as "auctionAgency"
      from auction_lots l join auction_batches b on b.id = l.batch_id
      where l.case_id = ${caseId} order by l.id desc limit 1`,
  );
  return row;
}
