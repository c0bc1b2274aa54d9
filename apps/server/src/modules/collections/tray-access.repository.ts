import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { agencies } from '@recovery-desk/db/collections-schema.ts';
import { units, userAuthorities, userUnits, users } from '@recovery-desk/db/schema.ts';
import { likePrefix } from '../../access/unit-scope.ts';
import { bigintArray } from '../../db/sql-arrays.ts';
import type { Executor } from '../../db/transaction.ts';

export type AssigneeUser = { id: number; name: string; username: string; unitCode: string };
export type AssigneeAgency = { id: number; name: string; code: string };

const sqlList = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * THE eligibility rule of an assignee for an account (one rule for the pickers and for the refusal on submit):
 * a user works the account when some active unit they act in, holding one of `authorities` there for collapp,
 * contains the account's branch; an agency works it when its unit contains the branch. `account` is the SQL alias
 * of the accounts row; `assignee` the user's or agency's id expression.
 */
export function assigneeWorksAccount(
  assignee: { user: SQL } | { agency: SQL },
  account: SQL,
  authorities: readonly string[],
): SQL {
  if ('user' in assignee) {
    return sql`exists (select 1 from ${userUnits} uu
            join ${units} u on u.id = uu.unit_id and u.is_active
            join ${userAuthorities} ua on ua.user_id = uu.user_id and ua.unit_id = uu.unit_id
              and ua.app_code = 'collapp'
              and ua.system_auth in (${sqlList(authorities)})
            where uu.user_id = ${assignee.user} and starts_with(${account}.unit_path, u.path))`;
  }
  return sql`exists (select 1 from ${agencies} g join ${units} u on u.id = g.unit_id
            where g.id = ${assignee.agency} and starts_with(${account}.unit_path, u.path))`;
}

/** The assignee works every one of `accountIds` (true for none). */
function worksAllAccounts(
  assignee: { user: SQL } | { agency: SQL },
  accountIds: readonly number[],
  authorities: readonly string[],
): SQL {
  return sql`not exists (select 1 from accounts a where a.id in (${sqlList(accountIds)})
    and not ${assigneeWorksAccount(assignee, sql.raw('a'), authorities)})`;
}

/**
 * Active users who act in a unit of the subtree and hold one of `authorities` for collapp there (one row per
 * user: the first such unit in tree order).
 */
export async function listAssigneeUsers(
  db: Executor,
  input: { unitPath: string; authorities: readonly string[]; userId?: number; accountIds?: readonly number[] },
): Promise<AssigneeUser[]> {
  const rows = await db
    .selectDistinctOn([users.id], {
      id: users.id,
      name: users.fullName,
      username: users.username,
      unitCode: units.unitCode,
    })
    .from(userAuthorities)
    .innerJoin(
      userUnits,
      and(eq(userUnits.userId, userAuthorities.userId), eq(userUnits.unitId, userAuthorities.unitId)),
    )
    .innerJoin(units, eq(units.id, userAuthorities.unitId))
    .innerJoin(users, eq(users.id, userAuthorities.userId))
    .where(
      and(
        eq(userAuthorities.appCode, 'collapp'),
        inArray(userAuthorities.systemAuth, [...input.authorities]),
        sql`${units.path} like ${likePrefix(input.unitPath)}`,
        eq(units.isActive, true),
        eq(users.isActive, true),
        input.userId === undefined ? undefined : eq(users.id, input.userId),
        input.accountIds === undefined || input.accountIds.length === 0
          ? undefined
          : worksAllAccounts({ user: sql`${users.id}` }, input.accountIds, input.authorities),
      ),
    )
    .orderBy(asc(users.id), asc(units.path));
  return rows.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/** Active agencies whose unit is in the subtree. */
export async function listAssigneeAgencies(
  db: Executor,
  input: { unitPath: string; agencyId?: number; accountIds?: readonly number[] },
): Promise<AssigneeAgency[]> {
  return db
    .select({ id: agencies.id, name: agencies.name, code: agencies.code })
    .from(agencies)
    .innerJoin(units, eq(units.id, agencies.unitId))
    .where(
      and(
        eq(agencies.isActive, true),
        sql`${units.path} like ${likePrefix(input.unitPath)}`,
        input.agencyId === undefined ? undefined : eq(agencies.id, input.agencyId),
        input.accountIds === undefined || input.accountIds.length === 0
          ? undefined
          : worksAllAccounts({ agency: sql`${agencies.id}` }, input.accountIds, []),
      ),
    )
    .orderBy(asc(agencies.name), asc(agencies.id));
}

/**
 * Account numbers among `accountIds` that the assignee could not work: no unit the user acts in (holding one of
 * `authorities` there for collections) — or the agency's unit — contains the account's branch.
 */
export async function listAccountsOutsideReach(
  db: Executor,
  input: {
    accountIds: readonly number[];
    userId: number | null;
    agencyId: number | null;
    authorities: readonly string[];
  },
): Promise<string[]> {
  if (input.accountIds.length === 0) return [];
  const reach = assigneeWorksAccount(
    input.userId !== null ? { user: sql`${input.userId}` } : { agency: sql`${input.agencyId}` },
    sql.raw('a'),
    input.authorities,
  );
  const rows = (await db.execute(
    sql`select a.account_no as "accountNo" from accounts a
      where a.id = any(${bigintArray(input.accountIds)}) and not ${reach} order by a.account_no`,
  )) as unknown as { rows: { accountNo: string }[] };
  return rows.rows.map((row) => row.accountNo);
}

/** How many of `ids` are accounts of the subtree. */
export async function countAccountsInScope(
  db: Executor,
  input: { ids: readonly number[]; unitPath: string },
): Promise<number> {
  const rows = (await db.execute(
    sql`select count(*)::int as "n" from accounts a
        where a.id in (${sqlList(input.ids)}) and a.unit_path like ${likePrefix(input.unitPath)}`,
  )) as unknown as { rows: { n: number }[] };
  return Number(rows.rows[0]?.n ?? 0);
}
