import { APPS } from '@recovery-desk/domain/apps.ts';
import type { Database } from './client.ts';
import { apps, organisation, users } from './schema.ts';

/**
 * Data every installation needs, demo or not: the app list and the organisation row (with its
 * business date). Idempotent; safe to run at every start.
 */
export async function ensureReferenceData(
  db: Database,
  options: { organisationName: string; businessDate: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const app of APPS) {
      await tx
        .insert(apps)
        .values({ code: app.code, labelKey: app.labelKey, homePath: app.homePath, sortOrder: app.sortOrder })
        .onConflictDoUpdate({
          target: apps.code,
          set: { labelKey: app.labelKey, homePath: app.homePath, sortOrder: app.sortOrder },
        });
    }
    await tx
      .insert(organisation)
      .values({ id: 1, name: options.organisationName, businessDate: options.businessDate })
      .onConflictDoNothing({ target: organisation.id });
  });
}

export async function hasUsers(db: Database): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}
