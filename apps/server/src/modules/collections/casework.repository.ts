import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { accountRestrictions, accounts, allocations, escalations } from '@recovery-desk/db/collections-schema.ts';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor } from '../../db/transaction.ts';
import { bigintArray, integerArray, textArray } from '../../db/sql-arrays.ts';
import { selectRows } from '../../db/sql-rows.ts';

// Writes on accounts shared by several verbs: row locks, allocation, hold/suppression actions, escalations.

export type LockedAccount = {
  id: number;
  accountNo: string;
  isOnHold: boolean;
  isSuppressed: boolean;
  allocatedUserId: number | null;
  allocatedAgencyId: number | null;
  /** the branch's ancestry path (the scope of approvals raised on the account) */
  unitPath: string;
  version: number;
};

/**
 * Locks the accounts of `ids` that lie in the subtree (FOR UPDATE, in id order so concurrent callers cannot
 * deadlock) and returns them; ids outside the scope are simply missing from the result.
 */
export async function lockAccountsInScope(
  db: Executor,
  input: { ids: readonly number[]; unitPath: string },
): Promise<LockedAccount[]> {
  if (input.ids.length === 0) return [];
  return selectRows<LockedAccount>(
    db,
    sql`select id, account_no as "accountNo", is_on_hold as "isOnHold", is_suppressed as "isSuppressed",
        allocated_user_id as "allocatedUserId", allocated_agency_id as "allocatedAgencyId",
        unit_path as "unitPath", version
      from accounts
      where id = any(${bigintArray(input.ids)}) and unit_path like ${likePrefix(input.unitPath)}
      order by id
      for update`,
  );
}

/** Moves accounts to a user or an agency: ends their open allocation rows and opens new ones. */
export async function allocateAccounts(
  db: Executor,
  input: {
    accountIds: readonly number[];
    userId: number | null;
    agencyId: number | null;
    byUserId: number;
    kind: 'MANUAL' | 'REALLOCATION' | 'ESCALATION' | 'MAP';
    reason: string | null;
    at: Date;
  },
): Promise<void> {
  const ids = [...input.accountIds];
  if (ids.length === 0) return;
  await db
    .update(allocations)
    .set({ endedAt: input.at })
    .where(and(inArray(allocations.accountId, ids), isNull(allocations.endedAt)));
  await db.insert(allocations).values(
    ids.map((accountId) => ({
      accountId,
      userId: input.userId,
      agencyId: input.agencyId,
      allocatedByUserId: input.byUserId,
      kind: input.kind,
      reason: input.reason,
      startedAt: input.at,
    })),
  );
  await db
    .update(accounts)
    .set({
      allocatedUserId: input.userId,
      allocatedAgencyId: input.agencyId,
      allocatedAt: input.at,
      version: sql`${accounts.version} + 1`,
      updatedAt: input.at,
    })
    .where(inArray(accounts.id, ids));
}

/**
 * `allocateAccounts` for many accounts with an assignee and reason each (the allocation upload): the same three
 * writes, set-based — one statement each whatever the count, each column passed as one array parameter and read
 * with `unnest` (the reasons once each, indexed by the rows). The accounts are taken in id order.
 */
export async function allocateAccountRows(
  db: Executor,
  input: {
    rows: readonly { accountId: number; userId: number | null; agencyId: number | null; reason: string | null }[];
    byUserId: number;
    kind: 'MANUAL' | 'REALLOCATION' | 'ESCALATION' | 'MAP';
    at: Date;
  },
): Promise<void> {
  if (input.rows.length === 0) return;
  const rows = [...input.rows].sort((a, b) => a.accountId - b.accountId);
  const reasons = [...new Set(rows.map((row) => row.reason))];
  const reasonIndex = new Map(reasons.map((reason, index) => [reason, index + 1]));
  const at = sql`${input.at.toISOString()}::timestamptz`;
  const ids = bigintArray(rows.map((row) => row.accountId));
  const source = sql`unnest(${ids}, ${integerArray(rows.map((row) => row.userId))},
      ${integerArray(rows.map((row) => row.agencyId))}, ${integerArray(rows.map((row) => reasonIndex.get(row.reason)!))})
    as r(a, u, g, ri)`;
  await db.execute(sql`update allocations set ended_at = ${at} where ended_at is null and account_id = any(${ids})`);
  await db.execute(
    sql`insert into allocations (account_id, user_id, agency_id, allocated_by_user_id, kind, reason, started_at)
      select r.a, r.u, r.g, ${input.byUserId}, ${input.kind}, (${textArray(reasons)})[r.ri], ${at} from ${source}`,
  );
  await db.execute(
    sql`update accounts set allocated_user_id = r.u, allocated_agency_id = r.g, allocated_at = ${at},
        version = accounts.version + 1, updated_at = ${at}
      from ${source} where accounts.id = r.a`,
  );
}

export type RestrictionKind = 'ALLOCATION_HOLD' | 'ACTIVITY_SUPPRESSION';
export type RestrictionAction = 'START' | 'END';

/**
 * Appends one hold/suppression action (the log is insert-only) and mirrors it on the account's flag.
 */
export async function appendRestriction(
  db: Executor,
  input: {
    accountId: number;
    kind: RestrictionKind;
    action: RestrictionAction;
    reason: string;
    remarks: string | null;
    byUserId: number;
    actingUnitId: number;
    businessDate: string;
    /** a START that ends by itself at day start of this date */
    expiresOn?: string | null;
    at: Date;
  },
): Promise<{ id: number; version: number }> {
  const [row] = await db
    .insert(accountRestrictions)
    .values({
      accountId: input.accountId,
      kind: input.kind,
      action: input.action,
      reason: input.reason,
      remarks: input.remarks,
      byUserId: input.byUserId,
      actingUnitId: input.actingUnitId,
      businessDate: input.businessDate,
      expiresOn: input.expiresOn ?? null,
      createdAt: input.at,
    })
    .returning({ id: accountRestrictions.id });
  if (!row) throw new Error('account_restrictions insert returned nothing');
  const active = input.action === 'START';
  const [account] = await db
    .update(accounts)
    .set({
      ...(input.kind === 'ALLOCATION_HOLD' ? { isOnHold: active } : { isSuppressed: active }),
      version: sql`${accounts.version} + 1`,
      updatedAt: input.at,
    })
    .where(eq(accounts.id, input.accountId))
    .returning({ version: accounts.version });
  if (!account) throw new Error(`account ${input.accountId} vanished`);
  return { id: row.id, version: account.version };
}

export async function insertEscalation(
  db: Executor,
  input: {
    accountId: number;
    reason: 'BROKEN_PTP' | 'RTP' | 'DISPUTE' | 'MANUAL';
    ptpId: number | null;
    raisedByUserId: number | null;
    raisedOn: string;
  },
): Promise<number> {
  const [row] = await db
    .insert(escalations)
    .values({ ...input, status: 'OPEN' })
    .returning({ id: escalations.id });
  if (!row) throw new Error('escalations insert returned nothing');
  return row.id;
}

export async function hasOpenEscalation(db: Executor, input: { accountId: number; reason: string }): Promise<boolean> {
  const rows = await db
    .select({ id: escalations.id })
    .from(escalations)
    .where(
      and(
        eq(escalations.accountId, input.accountId),
        eq(escalations.reason, input.reason),
        eq(escalations.status, 'OPEN'),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
