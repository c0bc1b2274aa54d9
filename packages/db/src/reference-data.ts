import { sql } from 'drizzle-orm';
import { APPS } from '@recovery-desk/domain/apps.ts';
import { DISPOSITIONS } from '@recovery-desk/domain/collections/dispositions.ts';
import { DEFAULT_LEGAL_POOL_RULE } from '@recovery-desk/domain/legal/pool-rule.ts';
import { DEFAULT_NOTICE_TEMPLATES } from '@recovery-desk/domain/legal/notice-templates.ts';
import { legalTimelinesSchema } from '@recovery-desk/domain/legal/contracts.ts';
import { BUILT_IN_WORKFLOWS, type BuiltInWorkflow } from '@recovery-desk/domain/workflow/definitions/catalogue.ts';
import { DEFAULT_LEGAL_TIMELINES, type LegalTimelines } from '@recovery-desk/domain/workflow/definitions/legal.ts';
import { repossessionTimelinesSchema, sarfaesiTimelinesSchema } from '@recovery-desk/domain/repo/contracts.ts';
import type { WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import {
  buildRepossessionDefinition,
  DEFAULT_REPOSSESSION_TIMELINES,
} from '@recovery-desk/domain/workflow/definitions/repossession.ts';
import {
  buildSarfaesiDefinition,
  DEFAULT_SARFAESI_TIMELINES,
} from '@recovery-desk/domain/workflow/definitions/sarfaesi.ts';
import { dispositions } from './collections-schema.ts';
import type { Database } from './client.ts';
import { apps, auditLog, organisation, users } from './schema.ts';
import { legalSettings, noticeTemplates, workflowDefinitions, workflowSettings } from './workflow-schema.ts';

const REFERENCE_DATA_LOCK_KEY = 7_310_002;

/**
 * Data every installation needs, demo or not: the app list, the disposition codes, the organisation row (with
 * its business date), the legal pool rule and the notice templates, and the built-in workflow definitions (each
 * built-in version the database lacks is published, see publishBuiltInVersion). Idempotent; safe to run at every
 * start: once seeded, settings screens own these rows. Instances starting at once on one database take turns (a
 * transaction-scoped advisory lock), so none inserts what another just did. `builtInWorkflows` replaces the code's
 * built-ins (tests).
 */
export async function ensureReferenceData(
  db: Database,
  options: { organisationName: string; businessDate: string; builtInWorkflows?: readonly BuiltInWorkflow[] },
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
    await tx
      .insert(legalSettings)
      .values({ id: 1, poolRule: DEFAULT_LEGAL_POOL_RULE, timelines: DEFAULT_LEGAL_TIMELINES })
      .onConflictDoNothing();
    for (const template of DEFAULT_NOTICE_TEMPLATES) {
      await tx.insert(noticeTemplates).values(template).onConflictDoNothing();
    }
    const [settings] = await tx.select({ timelines: legalSettings.timelines }).from(legalSettings);
    const timelines = legalTimelinesSchema.parse({
      ...DEFAULT_LEGAL_TIMELINES,
      ...(settings?.timelines as object | undefined),
    });
    for (const workflow of options.builtInWorkflows ?? BUILT_IN_WORKFLOWS) {
      await publishBuiltInVersion(tx, workflow, timelines);
    }
  });
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The workflows whose timelines live in workflow_settings (Repossession Settings): the code's built-in rebuilt under
 * the stored timelines, or null when they do not parse (the built-in's defaults then hold).
 */
const STORED_TIMELINES: Record<string, (timelines: unknown) => WorkflowDefinition | null> = {
  // over the defaults: a timeline the new version adds (SARFAESI's releaseDays in 13) takes its default, and the
  // installation's own numbers are kept
  REPOSSESSION: (timelines) => {
    const parsed = repossessionTimelinesSchema.safeParse({
      ...DEFAULT_REPOSSESSION_TIMELINES,
      ...(timelines as object),
    });
    return parsed.success ? buildRepossessionDefinition(parsed.data) : null;
  },
  SARFAESI: (timelines) => {
    const parsed = sarfaesiTimelinesSchema.safeParse({ ...DEFAULT_SARFAESI_TIMELINES, ...(timelines as object) });
    return parsed.success ? buildSarfaesiDefinition(parsed.data) : null;
  },
};

/** The built-in shaped by the installation's stored timelines (legal_settings, workflow_settings), if any. */
async function shapedBuiltIn(tx: Tx, workflow: BuiltInWorkflow, legalTimelines: LegalTimelines) {
  if (workflow.withLegalTimelines) return workflow.withLegalTimelines(legalTimelines);
  const rebuild = STORED_TIMELINES[workflow.definition.code];
  if (!rebuild) return workflow.definition;
  const [row] = await tx
    .select({ timelines: workflowSettings.timelines })
    .from(workflowSettings)
    .where(sql`${workflowSettings.definitionCode} = ${workflow.definition.code}`);
  return (row ? rebuild(row.timelines) : null) ?? workflow.definition;
}

/**
 * Publishes a built-in version the database lacks, as the code's next stored version, and makes it ACTIVE (the
 * previous ACTIVE version is DEACTIVATED; its open cases keep running on it). "Lacks" means no stored version was
 * built from this built-in version or a newer one (`built_in_version`), so:
 * - a new installation stores each built-in as its version 1;
 * - an upgrade with a changed built-in (a stage added in code) publishes it once, at the first start;
 * - an administrator's later publication (a timelines change, built from the same built-in version) stays ACTIVE
 *   across restarts, and an upgrade rebuilds the new built-in under the stored timelines (legal_settings, or
 *   workflow_settings for repossession and SARFAESI), so they survive;
 * - a database already holding a newer built-in version (an older server started on it) is left as it is.
 * Serialised per code with the advisory lock the server's publications take, so parallel starts publish once.
 */
async function publishBuiltInVersion(tx: Tx, workflow: BuiltInWorkflow, timelines: LegalTimelines): Promise<void> {
  const builtIn = workflow.definition;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`workflow_definitions:${builtIn.code}`}))`);
  const [stored] = await tx
    .select({
      latest: sql<number | null>`max(${workflowDefinitions.version})`.mapWith(Number),
      builtIn: sql<number | null>`max(${workflowDefinitions.builtInVersion})`,
    })
    .from(workflowDefinitions)
    .where(sql`${workflowDefinitions.code} = ${builtIn.code}`);
  const storedBuiltIn = stored?.builtIn === null || stored?.builtIn === undefined ? null : Number(stored.builtIn);
  if (storedBuiltIn !== null && storedBuiltIn >= builtIn.version) return;
  const version = (stored?.latest ?? 0) + 1;
  const shaped = await shapedBuiltIn(tx, workflow, timelines);
  const definition = { ...shaped, version, status: 'ACTIVE' as const };
  const previous = await tx
    .update(workflowDefinitions)
    .set({ status: 'DEACTIVATED' })
    .where(sql`${workflowDefinitions.code} = ${builtIn.code} and ${workflowDefinitions.status} = 'ACTIVE'`)
    .returning({ version: workflowDefinitions.version });
  await tx.insert(workflowDefinitions).values({
    code: builtIn.code,
    version,
    status: 'ACTIVE',
    app: builtIn.app,
    definition,
    builtInVersion: builtIn.version,
  });
  await tx.insert(auditLog).values({
    action: 'workflow.definition.publish_built_in',
    entity: 'workflow_definition',
    entityId: `${builtIn.code}@${version}`,
    before: { code: builtIn.code, activeVersion: previous[0]?.version ?? null, builtInVersion: storedBuiltIn },
    after: { code: builtIn.code, activeVersion: version, builtInVersion: builtIn.version },
  });
}

export async function hasUsers(db: Database): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}
