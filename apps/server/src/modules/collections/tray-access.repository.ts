import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { agencies } from '@recovery-desk/db/collections-schema.ts';
import { units, userAuthorities, userUnits, users } from '@recovery-desk/db/schema.ts';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor } from '../../db/transaction.ts';

export type AssigneeUser = { id: number; name: string; username: string; unitCode: string };
export type AssigneeAgency = { id: number; name: string; code: string };

/**
 * Active users who act in a unit of the subtree and hold one of `authorities` for collapp there (one row per
 * user: the first such unit in tree order).
 */
export async function listAssigneeUsers(
  db: Executor,
  input: { unitPath: string; authorities: readonly string[]; userId?: number },
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
      ),
    )
    .orderBy(asc(users.id), asc(units.path));
  return rows.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/** Active agencies whose unit is in the subtree. */
export async function listAssigneeAgencies(
  db: Executor,
  input: { unitPath: string; agencyId?: number },
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
  const ids = sql.join(
    input.accountIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const reach =
    input.userId !== null
      ? sql`exists (select 1 from ${userUnits} uu
            join ${units} u on u.id = uu.unit_id and u.is_active
            join ${userAuthorities} ua on ua.user_id = uu.user_id and ua.unit_id = uu.unit_id
              and ua.app_code = 'collapp'
              and ua.system_auth in (${sql.join(
                input.authorities.map((code) => sql`${code}`),
                sql`, `,
              )})
            where uu.user_id = ${input.userId} and starts_with(a.unit_path, u.path))`
      : sql`exists (select 1 from ${agencies} g join ${units} u on u.id = g.unit_id
            where g.id = ${input.agencyId} and starts_with(a.unit_path, u.path))`;
  const rows = (await db.execute(
    sql`select a.account_no as "accountNo" from accounts a where a.id in (${ids}) and not ${reach} order by a.account_no`,
  )) as unknown as { rows: { accountNo: string }[] };
  return rows.rows.map((row) => row.accountNo);
}
