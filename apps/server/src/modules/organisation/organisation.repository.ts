import { and, eq, sql } from 'drizzle-orm';
import { organisation, units } from '@recovery-desk/db/schema.ts';
import { likePrefix } from '../../access/unit-scope.ts';
import type { Executor } from '../../db/transaction.ts';

export type OrganisationSettings = { businessDate: string; otpForLogin: string };

/** The single organisation row (business date, OTP-for-login setting), or undefined before it is created. */
export async function findOrganisation(db: Executor): Promise<OrganisationSettings | undefined> {
  const [row] = await db
    .select({ businessDate: organisation.businessDate, otpForLogin: organisation.otpForLogin })
    .from(organisation)
    .where(eq(organisation.id, 1));
  return row;
}

/**
 * For the demo seed only, inside the seed's own transaction: the business date the services read from here on. The
 * seed replays its stories day by day through the real services and sets the real date back before it commits, so
 * no other transaction ever sees a moved date. No route calls it.
 */
export async function replayBusinessDateInTx(tx: Executor, businessDate: string): Promise<void> {
  await tx.update(organisation).set({ businessDate }).where(eq(organisation.id, 1));
}

export type UnitInfo = { id: number; code: string; name: string; level: string; path: string };

/** The active units of a subtree, by path. */
export async function unitsInSubtree(db: Executor, path: string): Promise<UnitInfo[]> {
  return db
    .select({ id: units.id, code: units.unitCode, name: units.name, level: units.level, path: units.path })
    .from(units)
    .where(and(sql`${units.path} like ${likePrefix(path)}`, eq(units.isActive, true)))
    .orderBy(units.path);
}
