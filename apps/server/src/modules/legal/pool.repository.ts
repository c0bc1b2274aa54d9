import type { Currency } from '@recovery-desk/domain/money.ts';
import { sql, type SQL } from 'drizzle-orm';
import { dpdAtLeast, dpdAtMost, dpdOrderKey } from '@recovery-desk/db/dpd-sql.ts';
import type { PoolAccount } from '@recovery-desk/domain/legal/contracts.ts';
import type { LegalPoolRule, PoolCandidate } from '@recovery-desk/domain/legal/pool-rule.ts';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import { selectRows } from '../../db/sql-rows.ts';
import type { SortKeyType, SortOrder } from '../../db/keyset-cursor.ts';
import { cursorKeyExpression, keysetBoundary, keysetOrderBy, type SortKeySql } from '../../db/keyset-order.ts';
import { LEGAL_CODE } from './legal-constants.ts';

// The Legal Eligible Pool (view legalEligible): accounts of the acting unit's subtree that meet the pool rule of
// Legal Settings. The SQL mirrors poolIneligibility() of packages/domain/src/legal/pool-rule.ts condition by
// condition; the account detail evaluates that function on the same facts, and a test holds the two together.

export type PoolRow = {
  accountId: number;
  accountNo: string;
  cardNo: string | null;
  customerName: string;
  product: string;
  currency: 'INR' | 'USD';
  dpd: number;
  bucket: string;
  assetClass: string;
  totalBalanceOutstanding: string;
  totalAmountOverdue: string;
  lastContactedBy: string | null;
  lastActionDate: string | null;
  nextActionDate: string | null;
  allocatedTo: string | null;
  unitCode: string;
  isOnHold: boolean;
  isSuppressed: boolean;
  version: number;
};

export type PoolScope = { view: 'my' | 'team'; userId: number; unitPath: string; isLeafUnit: boolean };
export type PoolFilters = {
  dpdFrom?: number | undefined;
  dpdTo?: number | undefined;
  overdueFrom?: string | undefined;
  overdueTo?: string | undefined;
  overdueCurrency?: Currency | undefined;
  products?: readonly string[] | undefined;
  q?: string | undefined;
};
export type PoolSelection = { rule: LegalPoolRule; businessDate: string; scope: PoolScope; filters: PoolFilters };

export type PoolKeysetRead = {
  sort: string;
  order: SortOrder;
  keyType: SortKeyType;
  boundary?: { side: 'after' | 'before'; key: string; id: number } | undefined;
  backward: boolean;
  limit: number;
};

const totalBalanceOutstanding = sql`(a.total_principal_outstanding + a.total_interest_outstanding + a.other_charges + a.overdue_charges)`;
const NO_DATE = sql`date '0001-01-01'`;

/** Sort keys of the pool's columns (the account tray's keys). */
export const POOL_SORT_KEYS: Record<string, SortKeySql> = {
  accountNo: sql`a.account_no`,
  customerName: sql`c.name`,
  dpd: dpdOrderKey('a'),
  bucket: dpdOrderKey('a'),
  totalBalanceOutstanding: { currency: sql`a.currency`, amount: totalBalanceOutstanding },
  totalAmountOverdue: { currency: sql`a.currency`, amount: sql`a.total_due_amount` },
  lastActionDate: sql`coalesce(a.last_action_date, ${NO_DATE})`,
  nextActionDate: sql`coalesce(a.next_action_date, ${NO_DATE})`,
};

const POOL_SELECT = sql`a.id as "accountId", a.account_no as "accountNo", a.card_no as "cardNo",
  c.name as "customerName", a.product, a.currency, a.dpd, a.bucket, a.asset_class as "assetClass",
  ${totalBalanceOutstanding} as "totalBalanceOutstanding", a.total_due_amount as "totalAmountOverdue",
  lc.full_name as "lastContactedBy", a.last_action_date as "lastActionDate", a.next_action_date as "nextActionDate",
  coalesce(au.full_name, ag.name) as "allocatedTo", un.unit_code as "unitCode", a.is_on_hold as "isOnHold",
  a.is_suppressed as "isSuppressed", a.version`;

const POOL_FROM = sql`accounts a
  join customers c on c.id = a.customer_id
  join units un on un.id = a.unit_id
  left join users lc on lc.id = a.last_contacted_by_user_id
  left join users au on au.id = a.allocated_user_id
  left join agencies ag on ag.id = a.allocated_agency_id`;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** The business date a closed case was closed on (the terminal step's date). */
const CLOSED_ON = sql`coalesce(k.closed_on, k.stage_entered_on)`;
const OPEN_LEGAL_CASE = sql`exists (select 1 from cases k
  where k.account_id = a.id and k.definition_code = ${LEGAL_CODE} and not k.is_closed)`;
/** "Not fit for legal": a LEGAL case closed as Declined at the pool stage. */
const DECLINED_AT_POOL = sql`k.account_id = a.id and k.definition_code = ${LEGAL_CODE} and k.is_closed
  and k.status = 'Declined' and k.stage = 'POOL'`;

/** The pool rule as SQL on an account `a` (poolIneligibility() returns no reason exactly when all hold). */
export function poolRuleConditions(rule: LegalPoolRule, businessDate: string): SQL[] {
  const conditions = [
    sql`a.asset_class in (${list(rule.assetClasses)})`,
    dpdAtLeast('a', rule.minDpd),
    sql`a.total_due_amount >= ${rule.minOverdue}::numeric`,
    sql`a.product in (${list(rule.products)})`,
    sql`not ${OPEN_LEGAL_CASE}`,
  ];
  if (rule.excludeOnHold) conditions.push(sql`not a.is_on_hold`);
  if (rule.reviewCooloffDays > 0) {
    conditions.push(
      sql`not exists (select 1 from cases k where ${DECLINED_AT_POOL}
        and ${CLOSED_ON} > ${businessDate}::date - ${rule.reviewCooloffDays}::integer)`,
    );
  }
  return conditions;
}

function scopeConditions(scope: PoolScope): SQL[] {
  const conditions = [
    scope.isLeafUnit ? sql`a.unit_path = ${scope.unitPath}` : sql`a.unit_path like ${likePrefix(scope.unitPath)}`,
  ];
  if (scope.view === 'my') conditions.push(sql`a.allocated_user_id = ${scope.userId}`);
  return conditions;
}

function filterConditions(filters: PoolFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.dpdFrom !== undefined) conditions.push(dpdAtLeast('a', filters.dpdFrom));
  if (filters.dpdTo !== undefined) conditions.push(dpdAtMost('a', filters.dpdTo));
  if (filters.overdueFrom !== undefined) conditions.push(sql`a.total_due_amount >= ${filters.overdueFrom}::numeric`);
  if (filters.overdueTo !== undefined) conditions.push(sql`a.total_due_amount <= ${filters.overdueTo}::numeric`);
  // Amounts of different currencies are never compared: a bound selects the accounts of its currency only.
  if (filters.overdueFrom !== undefined || filters.overdueTo !== undefined) {
    conditions.push(sql`a.currency = ${filters.overdueCurrency ?? 'INR'}`);
  }
  if (filters.products && filters.products.length > 0) conditions.push(sql`a.product in (${list(filters.products)})`);
  if (filters.q) {
    const pattern = likePrefix(filters.q);
    conditions.push(sql`(a.account_no ilike ${pattern} or c.name ilike ${pattern})`);
  }
  return conditions;
}

function whereClause(selection: PoolSelection, extra: SQL[] = []): SQL {
  return sql.join(
    [
      ...scopeConditions(selection.scope),
      ...poolRuleConditions(selection.rule, selection.businessDate),
      ...filterConditions(selection.filters),
      ...extra,
    ],
    sql` and `,
  );
}

export type KeyedPoolRow = { row: PoolRow; cursorKey: string; cursorId: number };

/** One keyset page of the pool (in reading order: reversed when `backward`), with each row's cursor key. */
export async function readPoolPage(db: Executor, selection: PoolSelection, read: PoolKeysetRead) {
  const key = POOL_SORT_KEYS[read.sort];
  if (!key) throw new Error(`no pool sort key ${read.sort}`);
  const id = sql`a.id`;
  const rows = await selectRows<PoolRow & { cursorKey: unknown; cursorId: unknown }>(
    db,
    sql`select ${POOL_SELECT}, ${cursorKeyExpression(key)} as "cursorKey", a.id as "cursorId"
      from ${POOL_FROM}
      where ${whereClause(selection, keysetBoundary(key, read, id))}
      order by ${keysetOrderBy(key, read.order, id, read.backward)}
      limit ${read.limit}`,
  );
  return rows.map(({ cursorKey, cursorId, ...row }): KeyedPoolRow => ({
    row,
    cursorKey: String(cursorKey),
    cursorId: Number(cursorId),
  }));
}

/** The exact number of accounts in the filtered pool. */
export async function countPool(db: Executor, selection: PoolSelection): Promise<number> {
  const withCustomer = Boolean(selection.filters.q);
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`select count(*)::int as count
      from accounts a ${withCustomer ? sql`join customers c on c.id = a.customer_id` : sql``}
      where ${whereClause(selection)}`,
  );
  return row?.count ?? 0;
}

export type PoolAccountFacts = PoolAccount['account'] &
  PoolCandidate & {
    customerId: number;
    unitId: number;
    currency: 'INR' | 'USD';
    /** principal + interest + other charges + overdue charges outstanding */
    claimAmount: string;
  };

/**
 * One account of the subtree with the facts the pool rule judges (and the row the pool shows), or undefined when
 * it does not exist or lies outside the subtree. `forUpdate` locks the account row for the rest of the transaction.
 */
export async function findPoolAccount(
  db: Executor,
  input: { accountId?: number; accountNo?: string; unitPath: string; forUpdate?: boolean },
): Promise<PoolAccountFacts | undefined> {
  const match =
    input.accountId !== undefined ? sql`a.id = ${input.accountId}` : sql`a.account_no = ${input.accountNo ?? ''}`;
  const [row] = await selectRows<Record<string, unknown>>(
    db,
    sql`select ${POOL_SELECT}, a.customer_id as "customerId", a.unit_id as "unitId",
        a.total_principal_outstanding as "totalPrincipalOutstanding", un.name as "branchName",
        a.bounce_date as "bounceDate", a.bounce_reason as "bounceReason",
        a.total_due_amount as "totalDueAmount", a.is_on_hold as "isOnHold",
        ${totalBalanceOutstanding}::numeric(18, 2)::text as "claimAmount",
        ${OPEN_LEGAL_CASE} as "hasOpenLegalCase",
        (select max(${CLOSED_ON}) from cases k where ${DECLINED_AT_POOL}) as "lastDeclinedOn"
      from ${POOL_FROM}
      where ${match} and a.unit_path like ${likePrefix(input.unitPath)}
      ${input.forUpdate ? sql`for update of a` : sql``}`,
  );
  return row as PoolAccountFacts | undefined;
}

export type BouncedCheque = PoolAccount['cheques'][number];

/** The account's bounced cheques, latest bounce first. */
export async function listBouncedCheques(db: Executor, accountId: number): Promise<BouncedCheque[]> {
  return selectRows<BouncedCheque>(
    db,
    sql`select cheque_no as "chequeNo", cheque_date as "chequeDate", amount, bank_name as "bankName",
        bounce_date as "bounceDate", bounce_reason as "bounceReason"
      from cheques where account_id = ${accountId} and bounce_date is not null
      order by bounce_date desc, id desc`,
  );
}
