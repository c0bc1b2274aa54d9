import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import { selectRows } from '../../db/sql-rows.ts';
import { LEGAL_CODE } from './legal-constants.ts';

// What a legal notice prints about its case: the case, the account, the borrower and their address, the branch
// and the lender.

export type NoticeFacts = {
  caseId: number;
  caseNo: string;
  stage: string;
  status: string;
  version: number;
  fields: Record<string, unknown>;
  accountNo: string;
  product: string;
  currency: string;
  totalDueAmount: string;
  dpd: number;
  bucket: string;
  customerName: string;
  branchName: string;
  lenderName: string;
  address: {
    line1: string;
    line2: string | null;
    line3: string | null;
    landmark: string | null;
    city: string;
    state: string;
    pinCode: string;
  } | null;
};

/**
 * The facts of a LEGAL case for its notice. The address is the customer's primary one, a residence first (then
 * permanent, then office), oldest first.
 */
export async function findNoticeFacts(db: Executor, caseId: number): Promise<NoticeFacts | undefined> {
  const [row] = await selectRows<Omit<NoticeFacts, 'address'> & { address: NoticeFacts['address'] }>(
    db,
    sql`select k.id as "caseId", k.case_no as "caseNo", k.stage, k.status, k.version, k.fields,
        a.account_no as "accountNo", a.product, a.currency, a.total_due_amount as "totalDueAmount", a.dpd, a.bucket,
        c.name as "customerName", un.name as "branchName",
        (select o.name from organisation o where o.id = 1) as "lenderName",
        (select json_build_object('line1', d.line1, 'line2', d.line2, 'line3', d.line3, 'landmark', d.landmark,
            'city', d.city, 'state', d.state, 'pinCode', d.pin_code)
          from addresses d where d.customer_id = c.id
          order by (d.level = 'PRIMARY') desc,
            case d.address_type when 'RESIDENCE' then 0 when 'PERMANENT' then 1 else 2 end, d.id
          limit 1) as address
      from cases k
      join accounts a on a.id = k.account_id
      join customers c on c.id = a.customer_id
      join units un on un.id = a.unit_id
      where k.id = ${caseId} and k.definition_code = ${LEGAL_CODE}`,
  );
  return row;
}
