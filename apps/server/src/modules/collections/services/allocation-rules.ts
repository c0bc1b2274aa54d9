import type {
  AllocationRule,
  AllocationRuleFormReply,
  AllocationRuleInput,
  AllocationRuleUpdate,
  AllocationRulesQuery,
  AllocationRulesReply,
} from '@recovery-desk/domain/collections/allocation-rules.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction, type Executor, type Transaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import {
  deleteRule,
  findRule,
  findRuleWithUnservedCollector,
  insertRule,
  isRootUnit,
  listRuleCollectors,
  listRules,
  listRuleUnits,
  updateRule,
  type RuleValues,
  type StoredRule,
} from '../allocation-rules.repository.ts';

// Allocation rules (issue 14, Day Start screen, DAY_START_COLL_SAUTH): list, create, edit (optimistic version),
// enable/disable (an edit of isActive) and delete; each change audited `collections.allocation_rule.*`. Rules are
// scoped like the runs: a rule belongs to a unit and is seen and edited from that unit or above.

const NOT_FOUND = 'Allocation rule not found';

function toRule(row: StoredRule): AllocationRule {
  return {
    id: row.id,
    unitId: row.unitId,
    unitCode: row.unitCode,
    priority: row.priority,
    product: row.product,
    bucket: row.bucket,
    pinCodePrefix: row.pinCodePrefix,
    userId: row.userId,
    collectorName: row.collectorName,
    collectorUsername: row.collectorUsername,
    collectorOk: row.collectorOk,
    capacity: row.capacity,
    held: row.held,
    isActive: row.isActive,
    version: row.version,
    updatedAt: new Date(row.updatedAt).toISOString(),
    updatedBy: row.updatedBy,
  };
}

/** What the audit row keeps of a rule. */
function audited(row: StoredRule | RuleValues) {
  return {
    unitId: row.unitId,
    priority: row.priority,
    product: row.product,
    bucket: row.bucket,
    pinCodePrefix: row.pinCodePrefix,
    userId: row.userId,
    capacity: row.capacity,
    isActive: row.isActive,
  };
}

async function scopeOf(db: Executor, ctx: UnitContext) {
  return { unitPath: ctx.actingUnit.path, isRoot: await isRootUnit(db, ctx.actingUnit.id) };
}

/** GET /api/collections/allocation-rules — the subtree's rules by priority, with each collector's state. */
export async function listAllocationRules(
  deps: AppDeps,
  { ctx, query }: { ctx: UnitContext; query: AllocationRulesQuery },
): Promise<AllocationRulesReply> {
  const scope = await scopeOf(deps.db, ctx);
  const page = await listRules(deps.db, {
    ...scope,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { rows: page.rows.map(toRule), total: page.total, page: query.page, pageSize: query.pageSize };
}

/** GET /api/collections/allocation-rules/form — the units a rule may belong to and the collectors it may name. */
export async function allocationRuleForm(
  deps: AppDeps,
  { ctx }: { ctx: UnitContext },
): Promise<AllocationRuleFormReply> {
  const [units, collectors] = await Promise.all([
    listRuleUnits(deps.db, ctx.actingUnit.path),
    listRuleCollectors(deps.db, { unitPath: ctx.actingUnit.path }),
  ]);
  return { units, collectors };
}

/**
 * The rule's values, checked against the acting unit's subtree: the unit is an active unit of it (400 `unitId`),
 * and the collector an active user holding a telecaller or field collector authority in that unit or a unit above it
 * within the subtree (400 `userId`).
 */
async function checkedValues(
  tx: Transaction,
  ctx: UnitContext,
  input: AllocationRuleInput,
  before?: StoredRule,
): Promise<RuleValues> {
  const units = await listRuleUnits(tx, ctx.actingUnit.path);
  const unit = units.find((candidate) => candidate.id === input.unitId);
  if (!unit) throw validationError('unitId', 'Choose an active unit of your unit’s subtree');
  // Disabling a rule whose collector left must work without choosing another one.
  const disablingAsIs = !input.isActive && before?.userId === input.userId && before.unitId === input.unitId;
  if (!disablingAsIs) await requireCollector(tx, ctx, input.userId, unit);
  return {
    unitId: unit.id,
    priority: input.priority,
    product: input.product ?? null,
    bucket: input.bucket ?? null,
    pinCodePrefix: input.pinCodePrefix ?? null,
    userId: input.userId,
    capacity: input.capacity,
    isActive: input.isActive,
  };
}

async function requireCollector(
  tx: Transaction,
  ctx: UnitContext,
  userId: number,
  unit: { unitCode: string; path: string },
): Promise<void> {
  const collectorUnits = await listRuleCollectors(tx, { unitPath: ctx.actingUnit.path, userId });
  if (collectorUnits.length === 0) {
    throw validationError('userId', 'Choose an active telecaller or field collector of your unit’s subtree');
  }
  if (!collectorUnits.some((entry) => unit.path.startsWith(entry.unitPath))) {
    throw validationError(
      'userId',
      `${collectorUnits[0]!.name} does not collect in ${unit.unitCode}: choose a collector of that unit or a unit above it`,
    );
  }
}

/** POST /api/collections/allocation-rules — a new rule (201), audited `collections.allocation_rule.create`. */
export async function createAllocationRule(
  deps: AppDeps,
  { ctx, input }: { ctx: UnitContext; input: AllocationRuleInput },
): Promise<AllocationRule> {
  return withTransaction(deps.db, async (tx) => {
    const values = await checkedValues(tx, ctx, input);
    const id = await insertRule(tx, { ...values, byUserId: ctx.user.id, at: deps.clock.now().toISOString() });
    await emitAudit(tx, ctx, {
      action: 'collections.allocation_rule.create',
      entity: 'allocation_rule',
      entityId: id,
      after: audited(values),
    });
    const row = await findRule(tx, { id, ...(await scopeOf(tx, ctx)) });
    return toRule(row!);
  });
}

async function lockedRule(tx: Transaction, ctx: UnitContext, id: number, version: number) {
  const row = await findRule(tx, { id, ...(await scopeOf(tx, ctx)), lock: true });
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  if (row.version !== version) {
    throw new AppError('STALE_VERSION', 'This allocation rule was changed meanwhile; reload it and try again.');
  }
  return row;
}

/**
 * PUT /api/collections/allocation-rules/:id — the rule's whole set with the version read (409 STALE_VERSION when
 * it moved); enabling and disabling is this edit. Audited `collections.allocation_rule.update` with before and after.
 */
export async function updateAllocationRule(
  deps: AppDeps,
  { ctx, id, input }: { ctx: UnitContext; id: number; input: AllocationRuleUpdate },
): Promise<AllocationRule> {
  return withTransaction(deps.db, async (tx) => {
    const before = await lockedRule(tx, ctx, id, input.version);
    const values = await checkedValues(tx, ctx, input, before);
    const changed = await updateRule(tx, {
      ...values,
      id,
      version: before.version,
      byUserId: ctx.user.id,
      at: deps.clock.now().toISOString(),
    });
    if (!changed) throw new AppError('STALE_VERSION', 'This allocation rule was changed meanwhile; reload it.');
    await emitAudit(tx, ctx, {
      action: 'collections.allocation_rule.update',
      entity: 'allocation_rule',
      entityId: id,
      before: audited(before),
      after: audited(values),
    });
    const row = await findRule(tx, { id, ...(await scopeOf(tx, ctx)) });
    return toRule(row!);
  });
}

/** DELETE /api/collections/allocation-rules/:id?version= — audited `collections.allocation_rule.delete`. */
export async function deleteAllocationRule(
  deps: AppDeps,
  { ctx, id, version }: { ctx: UnitContext; id: number; version: number },
): Promise<void> {
  await withTransaction(deps.db, async (tx) => {
    const before = await lockedRule(tx, ctx, id, version);
    if (!(await deleteRule(tx, { id, version: before.version }))) {
      throw new AppError('STALE_VERSION', 'This allocation rule was changed meanwhile; reload it.');
    }
    await emitAudit(tx, ctx, {
      action: 'collections.allocation_rule.delete',
      entity: 'allocation_rule',
      entityId: id,
      before: audited(before),
    });
  });
}

/**
 * Day start's ALLOCATION step, before it allocates: every active rule's collector must still serve it (active, and
 * collecting in the rule's unit or above). Otherwise the step fails with the reason and what to do, e.g. "Rule 3 names
 * tc.x, who is inactive; edit or disable the rule" — the run shows Failed, the rule is fixed on the screen, and
 * Retry resumes at this step. Silently skipping the rule would leave its accounts unallocated with nobody told.
 */
export async function requireRuleCollectorsServe(tx: Transaction): Promise<void> {
  const broken = await findRuleWithUnservedCollector(tx);
  if (!broken) return;
  const why = broken.active ? `who no longer collects in ${broken.unitCode ?? 'the organisation'}` : 'who is inactive';
  throw new Error(`Rule ${broken.id} names ${broken.username}, ${why}; edit or disable the rule`);
}
