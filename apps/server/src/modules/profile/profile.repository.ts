import { and, asc, eq } from 'drizzle-orm';
import { apps, units, userAuthorities, userUnits } from '@recovery-desk/db/schema.ts';
import type { Executor } from '../../db/transaction.ts';

export type ProfileUnitRow = { id: number; unitCode: string; name: string; level: string; path: string };
export type AuthorityRow = {
  unitId: number;
  appCode: string;
  systemAuth: string;
  tabs: { name: string; editable: boolean }[];
};
export type AppRow = { code: string; labelKey: string; homePath: string };

/** The user's active units, in tree order. */
export async function listUserUnits(db: Executor, userId: number): Promise<ProfileUnitRow[]> {
  return db
    .select({ id: units.id, unitCode: units.unitCode, name: units.name, level: units.level, path: units.path })
    .from(userUnits)
    .innerJoin(units, eq(units.id, userUnits.unitId))
    .where(and(eq(userUnits.userId, userId), eq(units.isActive, true)))
    .orderBy(asc(units.path), asc(units.id));
}

export async function listUserAuthorities(db: Executor, userId: number): Promise<AuthorityRow[]> {
  return db
    .select({
      unitId: userAuthorities.unitId,
      appCode: userAuthorities.appCode,
      systemAuth: userAuthorities.systemAuth,
      tabs: userAuthorities.tabs,
    })
    .from(userAuthorities)
    .where(eq(userAuthorities.userId, userId))
    .orderBy(asc(userAuthorities.unitId), asc(userAuthorities.appCode), asc(userAuthorities.systemAuth));
}

export async function listApps(db: Executor): Promise<AppRow[]> {
  return db
    .select({ code: apps.code, labelKey: apps.labelKey, homePath: apps.homePath })
    .from(apps)
    .orderBy(asc(apps.sortOrder), asc(apps.code));
}
