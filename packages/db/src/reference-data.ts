import { eq, sql } from 'drizzle-orm';
import { APPS } from '@recovery-desk/domain/apps.ts';
import { DISPOSITIONS } from '@recovery-desk/domain/collections/dispositions.ts';
import { DEFAULT_LEGAL_POOL_RULE } from '@recovery-desk/domain/legal/pool-rule.ts';
import { DEFAULT_NOTICE_TEMPLATES } from '@recovery-desk/domain/legal/notice-templates.ts';
import { BUILT_IN_DEFINITIONS } from '@recovery-desk/domain/workflow/definitions/catalogue.ts';
import { DEFAULT_LEGAL_TIMELINES } from '@recovery-desk/domain/workflow/definitions/legal.ts';
import { dispositions } from './collections-schema.ts';
import type { Database } from './client.ts';
import { apps, organisation, users } from './schema.ts';
import { legalSettings, noticeTemplates, workflowDefinitions } from './workflow-schema.ts';

const REFERENCE_DATA_LOCK_KEY = 7_310_002;

/**
 * Data every installation needs, demo or not: the app list, the disposition codes, the organisation row (with
 * its business date), the built-in workflow definitions (version 1 of each), the legal pool rule and the notice
 * templates. Idempotent; safe to run at every start: once seeded, settings screens own these rows. Instances starting
 * at once on one database take turns (a transaction-scoped advisory lock), so none inserts what another just did.
 */
export async function ensureReferenceData(
  db: Database,
  options: { organisationName: string; businessDate: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REFERENCE_DATA_LOCK_KEY})`);
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
    for (const definition of BUILT_IN_DEFINITIONS) {
      // A code that already has versions keeps them (settings may have published version 2 and deactivated 1).
      const existing = await tx
        .select({ version: workflowDefinitions.version })
        .from(workflowDefinitions)
        .where(eq(workflowDefinitions.code, definition.code))
        .limit(1);
      if (existing.length > 0) continue;
      await tx.insert(workflowDefinitions).values({
        code: definition.code,
        version: definition.version,
        status: definition.status,
        app: definition.app,
        definition,
      });
    }
    await tx
      .insert(legalSettings)
      .values({ id: 1, poolRule: DEFAULT_LEGAL_POOL_RULE, timelines: DEFAULT_LEGAL_TIMELINES })
      .onConflictDoNothing();
    for (const template of DEFAULT_NOTICE_TEMPLATES) {
      await tx.insert(noticeTemplates).values(template).onConflictDoNothing();
    }
  });
}

export async function hasUsers(db: Database): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}
