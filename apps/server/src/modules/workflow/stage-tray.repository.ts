import { sql, type SQL } from 'drizzle-orm';
import type { CaseTab } from '@recovery-desk/domain/workflow/contracts.ts';
import { dpdAtLeast, dpdAtMost, dpdOrderKey } from '@recovery-desk/db/dpd-sql.ts';
import { ACTION_NAMES, type CaseStatus } from '@recovery-desk/domain/workflow/definition.ts';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import { selectRows } from '../../db/sql-rows.ts';
import { isMoneySortKey, type SortKeySql } from '../../db/keyset-order.ts';

// The SQL of a stage tray: the cases of one workflow in the acting unit's subtree (My View: assigned to the caller
// as well), the tab a case belongs to for the stage, the filters, one ordered page (cases are few: OFFSET pages) and
// the four tab counts in one pass.

export type StageTraySelection = {
  definitionCode: string;
  stage: string;
  tab: CaseTab;
  view: 'my' | 'team';
  userId: number;
  unitPath: string;
  filters: {
    q?: string | undefined;
    dpdFrom?: number | undefined;
    dpdTo?: number | undefined;
    products?: string[] | undefined;
    caseType?: string | undefined;
    /** only cases whose due date is before this business date */
    overdueBefore?: string | undefined;
  };
};

/** A money column sorts by currency first (INR, then USD), then by the amount within it. */
export type StageTraySort = { key: SortKeySql; order: 'asc' | 'desc' };

export type StageTrayRow = {
  caseId: number;
  caseNo: string;
  accountId: number;
  accountNo: string;
  customerName: string;
  product: string;
  currency: 'INR' | 'USD';
  dpd: number;
  totalDueAmount: string;
  unitCode: string;
  stage: string;
  status: CaseStatus;
  stageEnteredOn: string;
  dueOn: string | null;
  isClosed: boolean;
  makerUserId: number | null;
  makerName: string | null;
  assignedName: string | null;
  fields: Record<string, string | number | boolean | null>;
  version: number;
  /** the account is NPA (the repossession and SARFAESI trays' npaFlag column; exports only) */
  npaFlag: boolean;
};

export type TabCounts = Record<CaseTab, number>;

const FROM = sql`cases c
  join accounts a on a.id = c.account_id
  join customers cu on cu.id = a.customer_id
  join units un on un.id = c.unit_id
  left join users mk on mk.id = c.maker_user_id
  left join users asg on asg.id = c.assigned_user_id`;

const engineActions = sql.join(
  ACTION_NAMES.map((name) => sql`${name}`),
  sql`, `,
);

/** Which cases each tab holds for stage S (workflow/contracts.ts CASE_TABS). */
function tabCondition(tab: CaseTab, stage: string): SQL {
  const atStage = sql`(c.stage = ${stage} and not c.is_closed)`;
  // An uncorrelated IN: the database reads the stage's steps once (case_events_from_stage_idx) and hashes their case
  // ids, instead of probing case_events once per case (a correlated EXISTS cost seconds on 200,000 cases).
  const stepAtStage = (outcome: SQL) =>
    sql`c.id in (select e.case_id from case_events e where e.from_stage = ${stage}
      and e.action in (${engineActions}) and ${outcome})`;
  switch (tab) {
    case 'pendingApproval':
      return sql`(${atStage} and c.status not in ('Pushback', 'Rejected'))`;
    case 'pushback':
      return sql`(${atStage} and c.status = 'Pushback')`;
    case 'rejected':
      return sql`((${atStage} and c.status = 'Rejected') or ${stepAtStage(sql`e.to_status in ('Rejected', 'Declined')`)})`;
    case 'approved':
      // An approval that closes the case (final order, withdrawal) sets Closed or Withdrawn: the action counts too; so
      // does the close that ends a case at its closing stage (repossession and SARFAESI Closure: the closed cases).
      return stepAtStage(sql`(e.to_status = 'Approved' or e.action in ('approve', 'close'))`);
  }
}

function baseConditions(selection: StageTraySelection): SQL {
  const { filters } = selection;
  const conditions: SQL[] = [
    sql`c.definition_code = ${selection.definitionCode}`,
    sql`c.unit_path like ${likePrefix(selection.unitPath)}`,
  ];
  if (selection.view === 'my') conditions.push(sql`c.assigned_user_id = ${selection.userId}`);
  if (filters.q) {
    const prefix = likePrefix(filters.q);
    conditions.push(sql`(c.case_no ilike ${prefix} or a.account_no ilike ${prefix} or cu.name ilike ${prefix})`);
  }
  if (filters.dpdFrom !== undefined) conditions.push(dpdAtLeast('a', filters.dpdFrom));
  if (filters.dpdTo !== undefined) conditions.push(dpdAtMost('a', filters.dpdTo));
  if (filters.products && filters.products.length > 0) {
    conditions.push(
      sql`a.product in (${sql.join(
        filters.products.map((product) => sql`${product}`),
        sql`, `,
      )})`,
    );
  }
  if (filters.caseType) conditions.push(sql`c.fields->>'caseType' = ${filters.caseType}`);
  if (filters.overdueBefore) conditions.push(sql`c.due_on < ${filters.overdueBefore}::date`);
  return sql.join(conditions, sql` and `);
}

/** One page of the selected tab, in the given order and then by case id. */
export async function readStageTrayPage(
  db: Executor,
  selection: StageTraySelection,
  sort: StageTraySort,
  page: { limit: number; offset: number },
): Promise<StageTrayRow[]> {
  const direction = sort.order === 'desc' ? sql`desc` : sql`asc`;
  const orderBy = isMoneySortKey(sort.key)
    ? sql`${sort.key.currency} asc, ${sort.key.amount} ${direction} nulls last`
    : sql`${sort.key} ${direction} nulls last`;
  return selectRows<StageTrayRow>(
    db,
    sql`select c.id as "caseId", c.case_no as "caseNo", a.id as "accountId", a.account_no as "accountNo",
        cu.name as "customerName", a.product, a.currency, a.dpd, a.total_due_amount as "totalDueAmount",
        un.unit_code as "unitCode", c.stage, c.status, c.stage_entered_on as "stageEnteredOn", c.due_on as "dueOn",
        c.is_closed as "isClosed", c.maker_user_id as "makerUserId", mk.full_name as "makerName",
        asg.full_name as "assignedName", c.fields, c.version, a.asset_class = 'NPA' as "npaFlag"
      from ${FROM}
      where ${baseConditions(selection)} and ${tabCondition(selection.tab, selection.stage)}
      order by ${orderBy}, c.id asc
      limit ${page.limit} offset ${page.offset}`,
  );
}

/**
 * The case count of each tab under the view and filters, in one pass over the cases at the stage or with a step
 * from it; the account and customer are joined only when a filter reads them (the names the page shows are not
 * counted).
 */
export async function countStageTray(db: Executor, selection: StageTraySelection): Promise<TabCounts> {
  const count = (tab: CaseTab) => sql`count(*) filter (where ${tabCondition(tab, selection.stage)})`;
  const { filters } = selection;
  const readsAccount =
    Boolean(filters.q) ||
    filters.dpdFrom !== undefined ||
    filters.dpdTo !== undefined ||
    (filters.products?.length ?? 0) > 0;
  const from = readsAccount
    ? sql`cases c join accounts a on a.id = c.account_id join customers cu on cu.id = a.customer_id`
    : sql`cases c`;
  const touched = sql`((c.stage = ${selection.stage} and not c.is_closed) or c.id in (select e.case_id
    from case_events e where e.from_stage = ${selection.stage} and e.action in (${engineActions})))`;
  const [row] = await selectRows<TabCounts>(
    db,
    sql`select ${count('pendingApproval')} as "pendingApproval", ${count('approved')} as "approved",
        ${count('rejected')} as "rejected", ${count('pushback')} as "pushback"
      from ${from}
      where ${baseConditions(selection)} and ${touched}`,
  );
  return row ?? { pendingApproval: 0, approved: 0, rejected: 0, pushback: 0 };
}

const CASE_SORT_KEYS: Record<string, SQL> = {
  caseNo: sql`c.case_no`,
  status: sql`c.status`,
  stage: sql`c.stage`,
  stageEnteredOn: sql`c.stage_entered_on`,
  dueOn: sql`c.due_on`,
  makerUserId: sql`mk.full_name`,
  assignedUserId: sql`asg.full_name`,
  createdAt: sql`c.created_at`,
};

const ACCOUNT_SORT_KEYS: Record<string, SortKeySql> = {
  accountNo: sql`a.account_no`,
  customerName: sql`cu.name`,
  product: sql`a.product`,
  currency: sql`a.currency`,
  dpd: dpdOrderKey('a'),
  bucket: dpdOrderKey('a'),
  assetClass: sql`a.asset_class`,
  totalDueAmount: { currency: sql`a.currency`, amount: sql`a.total_due_amount` },
  totalPrincipalOutstanding: { currency: sql`a.currency`, amount: sql`a.total_principal_outstanding` },
  unitCode: sql`un.unit_code`,
};

export const DEFAULT_SORT_KEY = CASE_SORT_KEYS.dueOn!;

/** The SQL sort key of a definition column, or undefined when the server cannot order by it. */
export function columnSortKey(column: { key: string; source: string; type: string }): SortKeySql | undefined {
  if (column.source === 'case') return CASE_SORT_KEYS[column.key];
  if (column.source === 'account') return ACCOUNT_SORT_KEYS[column.key];
  // A case field, typed by the column: text values that are not a well-formed date or number sort last.
  const value = sql`(c.fields->>${column.key}::text)`;
  if (column.type === 'date') {
    return sql`(case when ${value} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then ${value}::date end)`;
  }
  if (column.type === 'money' || column.type === 'number') {
    const amount = sql`(case when ${value} ~ '^-?[0-9]{1,18}([.][0-9]{1,6})?$' then ${value}::numeric end)`;
    // A case's amounts are in its account's currency.
    return column.type === 'money' ? { currency: sql`a.currency`, amount } : amount;
  }
  return value;
}
