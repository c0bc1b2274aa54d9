import { and, eq, sql } from 'drizzle-orm';
import { units, userAuthorities, userUnits } from '@recovery-desk/db/schema.ts';
import type { Executor } from '../db/transaction.ts';

export type UserUnitRecord = { id: number; code: string; path: string; hasAuthority: boolean };

/**
 * One of the user's active units, with whether the user holds `authority` for `app` there
 * (one round trip for the acting-unit and authority checks of every protected request).
 */
export async function findUserUnit(
  db: Executor,
  input: { userId: number; unitId: number; authority?: { app: string; code: string } },
): Promise<UserUnitRecord | undefined> {
  const authority = input.authority;
  const [row] = await db
    .select({
      id: units.id,
      code: units.unitCode,
      path: units.path,
      hasAuthority: authority
        ? sql<boolean>`exists (select 1 from ${userAuthorities} where ${userAuthorities.userId} = ${input.userId}
            and ${userAuthorities.unitId} = ${input.unitId} and ${userAuthorities.appCode} = ${authority.app}
            and ${userAuthorities.systemAuth} = ${authority.code})`
        : sql<boolean>`false`,
    })
    .from(userUnits)
    .innerJoin(units, eq(units.id, userUnits.unitId))
    .where(and(eq(userUnits.userId, input.userId), eq(userUnits.unitId, input.unitId), eq(units.isActive, true)));
  return row;
}
