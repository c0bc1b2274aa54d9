import { APPS } from '@recovery-desk/domain/apps.ts';
import { DISPOSITIONS } from '@recovery-desk/domain/collections/dispositions.ts';
import { dispositions } from './collections-schema.ts';
import type { Database } from './client.ts';
import { apps, organisation, users } from './schema.ts';

/**
 * Data every installation needs, demo or not: the app list, the disposition codes and the organisation
 * row (with its business date). Idempotent; safe to run at every start.
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
    for (const [index, disposition] of DISPOSITIONS.entries()) {
      // Insert only: once seeded, dispositions are configuration that settings screens may edit.
      await tx
        .insert(dispositions)
        .values({ ...disposition, sortOrder: index + 1 })
        .onConflictDoNothing({ target: dispositions.code });
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
