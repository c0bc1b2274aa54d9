import { sql } from 'drizzle-orm';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import { selectRows } from '../../db/sql-rows.ts';

// The DM Filing register's rows: SARFAESI cases of the acting unit's subtree that reached the DM advocate's allocation
// (their stage is one of the §14 stages, or the advocate was named), with the §14 fields the stages captured.

/** The SARFAESI stages of the §14 proceeding (symbolic possession → DM advocate → filing → order → kit). */
export const DM_STAGES = ['AgencyAllocation', 'DmUpdate', 'OrderCapture', 'KitGeneration'] as const;

export type DmFilingRow = {
  caseId: number;
  caseNo: string;
  accountId: number;
  accountNo: string;
  customerName: string;
  unitCode: string;
  stage: string;
  isClosed: boolean;
  definitionCode: string;
  definitionVersion: number;
  advocateName: string | null;
  allocatedOn: string | null;
  magistrate: string | null;
  filedOn: string | null;
  applicationNo: string | null;
  nextHearingOn: string | null;
  orderedOn: string | null;
  orderNo: string | null;
  commissionerName: string | null;
  possessionScheduledOn: string | null;
};

const SELECT = sql`select k.id::int as "caseId", k.case_no as "caseNo", k.account_id::int as "accountId",
    a.account_no as "accountNo", c.name as "customerName", u.unit_code as "unitCode", k.stage, k.is_closed as "isClosed",
    k.definition_code as "definitionCode", k.definition_version::int as "definitionVersion",
    nullif(k.fields->>'dmAdvocateName', '') as "advocateName", nullif(k.fields->>'dmAllocationDate', '') as "allocatedOn",
    nullif(k.fields->>'dmAuthority', '') as magistrate, nullif(k.fields->>'s14FilingDate', '') as "filedOn",
    nullif(k.fields->>'s14ApplicationNo', '') as "applicationNo",
    nullif(k.fields->>'dmNextHearingDate', '') as "nextHearingOn", nullif(k.fields->>'s14OrderDate', '') as "orderedOn",
    nullif(k.fields->>'s14OrderNo', '') as "orderNo", nullif(k.fields->>'commissionerName', '') as "commissionerName",
    nullif(k.fields->>'physicalPossessionScheduledOn', '') as "possessionScheduledOn"
  from cases k join accounts a on a.id = k.account_id join customers c on c.id = a.customer_id
    join units u on u.id = a.unit_id`;

const IN_REGISTER = sql`k.definition_code = 'SARFAESI'
  and (k.stage in (${sql.join(
    DM_STAGES.map((stage) => sql`${stage}`),
    sql`, `,
  )}) or coalesce(k.fields->>'dmAdvocateName', '') <> '')`;

/** The open cases of the register in the subtree, oldest filing first (the §14 clock runs from it), then by case. */
export async function listDmFilingRows(db: Executor, input: { unitPath: string; q?: string }): Promise<DmFilingRow[]> {
  const search = input.q ? sql`and (k.case_no ilike ${`${input.q}%`} or a.account_no ilike ${`${input.q}%`})` : sql``;
  return selectRows<DmFilingRow>(
    db,
    sql`${SELECT} where ${IN_REGISTER} and not k.is_closed and k.unit_path like ${likePrefix(input.unitPath)} ${search}
        order by k.fields->>'s14FilingDate' nulls last, k.id`,
  );
}

/** One case of the register in the subtree (open or closed). */
export async function findDmFilingRow(
  db: Executor,
  input: { unitPath: string; caseId: number },
): Promise<DmFilingRow | undefined> {
  const [row] = await selectRows<DmFilingRow>(
    db,
    sql`${SELECT} where ${IN_REGISTER} and k.id = ${input.caseId} and k.unit_path like ${likePrefix(input.unitPath)}`,
  );
  return row;
}
