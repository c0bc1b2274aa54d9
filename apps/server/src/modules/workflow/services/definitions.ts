import {
  workflowDefinitionSchema,
  type DefinitionStatus,
  type WorkflowDefinition,
} from '@recovery-desk/domain/workflow/definition.ts';
import { definitionProblems } from '@recovery-desk/domain/workflow/graph.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { announceChange, clearedOnChange, DEFINITIONS_CHANGED } from '../../../cluster/shared-caches.ts';
import type { Executor, Transaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { SignedInContext } from '../../../http/request-context.ts';
import {
  deactivateActiveDefinition,
  findActiveDefinitionHead,
  findDefinitionHead,
  insertDefinition,
  latestDefinitionVersion,
  lockDefinitionCode,
  readDefinitionData,
  type DefinitionHead,
} from '../definitions.repository.ts';

// The definitions store. A stored version's content never changes (a change is a new version), so the parsed
// definition is cached in-process under code@version and the digest of its stored content: a cache entry can never
// serve another database's (or an edited row's) content. Only the status changes (ACTIVE → DEACTIVATED when a newer
// version is published); it is read from the row on every load.

const cache = new Map<string, WorkflowDefinition>();
clearedOnChange(DEFINITIONS_CHANGED, () => cache.clear());

/**
 * Forgets the parsed definitions of one code (or of every code). Entries are keyed by content digest, so a stale
 * entry is never served; this frees memory after a publication and is the hook for cross-instance notices (a
 * publication elsewhere: call it from the LISTEN/NOTIFY handler with the published code).
 */
export function invalidateDefinitionCache(code?: string): void {
  if (code === undefined) {
    cache.clear();
    return;
  }
  for (const key of cache.keys()) if (key.startsWith(`${code}@`)) cache.delete(key);
}

function definitionNotFound(code: string, version?: number): AppError {
  const which = version === undefined ? `an active ${code} workflow` : `workflow ${code} version ${version}`;
  return new AppError('NOT_FOUND', `There is no ${which}.`);
}

async function parsedDefinition(db: Executor, head: DefinitionHead): Promise<WorkflowDefinition> {
  const key = `${head.code}@${head.version}@${head.digest}`;
  let definition = cache.get(key);
  if (!definition) {
    const data = await readDefinitionData(db, head);
    const parsed = workflowDefinitionSchema.safeParse(data);
    if (!parsed.success) {
      throw new Error(`stored workflow definition ${head.code}@${head.version} is invalid: ${parsed.error.message}`);
    }
    if (parsed.data.code !== head.code || parsed.data.version !== head.version) {
      throw new Error(`stored workflow definition ${head.code}@${head.version} names itself differently`);
    }
    definition = parsed.data;
    cache.set(key, definition);
  }
  return { ...definition, status: head.status as DefinitionStatus };
}

/** One stored version (the one a case pinned), with its current status; 404 when it does not exist. */
export async function loadDefinition(db: Executor, code: string, version: number): Promise<WorkflowDefinition> {
  const head = await findDefinitionHead(db, { code, version });
  if (!head) throw definitionNotFound(code, version);
  return parsedDefinition(db, head);
}

/** The ACTIVE version of a code: new cases start on it. 409 DEFINITION_NOT_ACTIVE when none is active. */
export async function activeDefinition(db: Executor, code: string): Promise<WorkflowDefinition> {
  const head = await findActiveDefinitionHead(db, code);
  if (!head) {
    throw new AppError(
      'DEFINITION_NOT_ACTIVE',
      `No version of the ${code} workflow is active, so no case can start. Ask an administrator to activate one.`,
    );
  }
  return parsedDefinition(db, head);
}

/**
 * Publishes a definition as the new ACTIVE version of its code, inside the caller's transaction: the version number
 * is the next free one (the given `version` is replaced), the previous ACTIVE version becomes DEACTIVATED (its open
 * cases keep running on it), and an audit row records the change. The definition must pass the schema and the graph
 * and catalogue checks (400 VALIDATION naming `definition` otherwise). The legal settings call this when the
 * timelines change; `builtInVersion` names the built-in version the definition was built from (null: not a
 * built-in's), which tells start-up publication that the database already holds that built-in version.
 */
export async function publishDefinitionVersion(
  tx: Transaction,
  ctx: SignedInContext,
  definition: WorkflowDefinition,
  { builtInVersion }: { builtInVersion: number | null },
): Promise<WorkflowDefinition> {
  await lockDefinitionCode(tx, definition.code);
  const version = (await latestDefinitionVersion(tx, definition.code)) + 1;
  const parsed = workflowDefinitionSchema.safeParse({ ...definition, version, status: 'ACTIVE' });
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => ({
      field: ['definition', ...issue.path.map(String)].join('.'),
      message: issue.message,
    }));
    throw new AppError('VALIDATION', `definition: ${fields[0]?.message ?? 'is invalid'}`, { fields });
  }
  const problems = definitionProblems(parsed.data);
  if (problems.length > 0) {
    throw new AppError('VALIDATION', `definition: ${problems.join('; ')}`, {
      fields: problems.map((message) => ({ field: 'definition', message })),
    });
  }
  const published = parsed.data;
  const previous = await deactivateActiveDefinition(tx, published.code);
  await insertDefinition(tx, {
    code: published.code,
    version,
    status: 'ACTIVE',
    app: published.app,
    definition: published,
    builtInVersion,
    createdByUserId: ctx.user.id,
  });
  invalidateDefinitionCache(published.code);
  await emitAudit(tx, ctx, {
    action: 'workflow.definition.publish',
    entity: 'workflow_definition',
    entityId: `${published.code}@${version}`,
    before: { code: published.code, activeVersion: previous },
    after: { code: published.code, activeVersion: version },
  });
  await announceChange(tx, DEFINITIONS_CHANGED);
  return published;
}

export type DefinitionReply = {
  code: string;
  version: number;
  status: DefinitionStatus;
  definition: Record<string, unknown>;
};

/** GET /api/workflow/definitions/:code/:version — the definition as data, for the web's trays and forms. */
export async function getDefinition(
  deps: AppDeps,
  { code, version }: { code: string; version: number },
): Promise<DefinitionReply> {
  const definition = await loadDefinition(deps.db, code, version);
  return { code, version, status: definition.status, definition };
}
