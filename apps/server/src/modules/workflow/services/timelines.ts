import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import type { WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction, type Executor } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { findWorkflowSettings, saveWorkflowSettings } from '../settings.repository.ts';
import { activeDefinition, publishDefinitionVersion } from './definitions.ts';

// Timelines-driven workflows (repossession, SARFAESI): the numbers of their date rules are settings. A change
// publishes a new version of the definition built from them (new cases start on it; open cases keep the version
// they pinned), as the legal settings do for LEGAL.

/** What a workflow's timelines are: its schema, defaults, and how its definition is built from them. */
export type TimelinesWorkflow<T> = {
  code: string;
  schema: z.ZodType<T>;
  defaults: T;
  builtInVersion: number;
  build: (timelines: T, version: number) => WorkflowDefinition;
};

export type LoadedTimelines<T> = { timelines: T; version: number; definitionVersion: number };

/**
 * The stored timelines over the defaults: a timeline a later version added (e.g. SARFAESI's releaseDays) takes its
 * default until someone changes it, so settings stored before it stay readable.
 */
function storedTimelines<T>(workflow: TimelinesWorkflow<T>, row: { timelines: unknown } | undefined | null): T {
  if (!row) return workflow.defaults;
  return workflow.schema.parse({ ...workflow.defaults, ...(row.timelines as object) });
}

/** The stored timelines (the defaults when none are stored) and the active definition version. */
export async function loadTimelines<T>(db: Executor, workflow: TimelinesWorkflow<T>): Promise<LoadedTimelines<T>> {
  const [row, definition] = await Promise.all([
    findWorkflowSettings(db, workflow.code),
    activeDefinition(db, workflow.code),
  ]);
  return {
    timelines: storedTimelines(workflow, row),
    version: row?.version ?? 0,
    definitionVersion: definition.version,
  };
}

function checked<T>(workflow: TimelinesWorkflow<T>, timelines: unknown): T {
  const parsed = workflow.schema.safeParse(timelines);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((issue) => ({
    field: ['timelines', ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  throw new AppError('VALIDATION', `${fields[0]!.field}: ${fields[0]!.message}`, { fields });
}

/**
 * Changes a workflow's timelines at the settings `version` the user read (409 STALE_VERSION otherwise): stores
 * them and, when they differ, publishes a new ACTIVE version built from them. One transaction, audited with before
 * and after. The caller authorizes (its settings authority).
 */
export async function updateTimelines<T>(
  deps: AppDeps,
  ctx: UnitContext,
  workflow: TimelinesWorkflow<T>,
  input: { timelines: unknown; version: number },
): Promise<void> {
  const timelines = checked(workflow, input.timelines);
  await withTransaction(deps.db, async (tx) => {
    const row = await findWorkflowSettings(tx, workflow.code, { forUpdate: true });
    const before = storedTimelines(workflow, row);
    const beforeVersion = row?.version ?? 0;
    const stale = () =>
      new AppError('STALE_VERSION', 'The settings were changed by someone else. Reload and retry.', {
        fields: [{ field: 'version', message: `is ${beforeVersion}, not ${input.version}` }],
      });
    if (beforeVersion !== input.version) throw stale();
    let publishedVersion: number | null = null;
    if (!isDeepStrictEqual(timelines, before)) {
      const active = await activeDefinition(tx, workflow.code);
      const definition = workflow.build(timelines, active.version + 1);
      const published = await publishDefinitionVersion(tx, ctx, definition, {
        builtInVersion: workflow.builtInVersion,
      });
      publishedVersion = published.version;
    }
    const version = await saveWorkflowSettings(tx, {
      code: workflow.code,
      timelines,
      expectedVersion: beforeVersion,
      userId: ctx.user.id,
      at: deps.clock.now(),
    });
    if (version === null) throw stale();
    await emitAudit(tx, ctx, {
      action: 'workflow.timelines_update',
      entity: 'workflow_settings',
      entityId: workflow.code,
      before: { version: beforeVersion, timelines: before },
      after: { version, timelines, definitionVersion: publishedVersion },
    });
  });
}
