import type {
  AddVisitInput,
  OptimiseInput,
  ReorderInput,
  TeamPlansReply,
  VisitStatusInput,
  WorkPlanQuery,
  WorkPlanReply,
} from '@recovery-desk/domain/field/contracts.ts';
import { legsKm, routeOrder } from '@recovery-desk/domain/field/route.ts';
import { toCents } from '@recovery-desk/domain/money.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, validationError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import {
  bumpPlan,
  deleteVisit,
  ensurePlan,
  findAccountForField,
  findPlan,
  findPlanById,
  findUserName,
  findVisitForUpdate,
  insertVisit,
  listTeamPlans,
  listVisits,
  setVisitOrder,
  updateVisitStatus,
  type PlanRow,
} from '../field-work.repository.ts';

// The work plan (/collapp/workPlanDtl, COLLAPP_WORKPLAN_SAUTH): a field collector's visits for a date. Only the
// plan's collector changes it; anyone holding the authority in a unit above sees the plans of that subtree.

export function minorToDecimal(minor: number): string {
  const negative = minor < 0;
  const abs = Math.abs(minor);
  return `${negative ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function stale(): AppError {
  return new AppError('STALE_VERSION', 'This work plan was changed meanwhile. Reload it and try again.');
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'Work plan not found');
}

async function replyOf(
  deps: AppDeps,
  plan: PlanRow | undefined,
  user: { id: number; fullName: string },
  date: string,
  editable: boolean,
): Promise<WorkPlanReply> {
  const visits = plan ? await listVisits(deps.db, plan.id) : [];
  const start =
    plan && plan.startLatitude !== null && plan.startLongitude !== null
      ? { latitude: plan.startLatitude, longitude: plan.startLongitude }
      : null;
  const legs = legsKm(visits, start);
  const totals = new Map<string, { target: number; collected: number }>();
  for (const visit of visits) {
    const total = totals.get(visit.currency) ?? { target: 0, collected: 0 };
    total.target += visit.targetMinor;
    total.collected += visit.collectedMinor ?? 0;
    totals.set(visit.currency, total);
  }
  return {
    date,
    user,
    editable,
    plan: plan
      ? { id: plan.id, startLatitude: plan.startLatitude, startLongitude: plan.startLongitude, version: plan.version }
      : null,
    visits: visits.map((visit, index) => ({
      id: visit.id,
      accountId: visit.accountId,
      accountNo: visit.accountNo,
      customerName: visit.customerName,
      address: visit.address,
      seq: index + 1,
      priority: visit.priority,
      target: minorToDecimal(visit.targetMinor),
      collected: visit.collectedMinor === null ? null : minorToDecimal(visit.collectedMinor),
      currency: visit.currency,
      latitude: visit.latitude,
      longitude: visit.longitude,
      legKm: legs[index] ?? null,
      status: visit.status as WorkPlanReply['visits'][number]['status'],
      remarks: visit.remarks,
      visitedAt: visit.visitedAt,
      dpd: visit.dpd,
      version: visit.version,
    })),
    totals: [...totals].map(([currency, total]) => ({
      currency,
      target: minorToDecimal(total.target),
      collected: minorToDecimal(total.collected),
    })),
  };
}

/** GET /api/field/work-plan — the caller's plan for a date (default the business date), or a team member's. */
export async function readWorkPlan(
  deps: AppDeps,
  { ctx, input }: { ctx: UnitContext; input: WorkPlanQuery },
): Promise<WorkPlanReply> {
  const date = input.date ?? (await requireBusinessDate(deps.db));
  const userId = input.userId ?? ctx.user.id;
  const plan = await findPlan(deps.db, { userId, planDate: date });
  if (userId !== ctx.user.id) {
    // Another collector's plan: only within the acting unit's subtree (a plan elsewhere is not there at all).
    if (!plan || !plan.unitPath.startsWith(ctx.actingUnit.path)) throw notFound();
  }
  const fullName = userId === ctx.user.id ? ctx.user.fullName : ((await findUserName(deps.db, userId)) ?? '');
  return replyOf(deps, plan, { id: userId, fullName }, date, userId === ctx.user.id);
}

/** GET /api/field/work-plans/team — the plans of the acting unit's subtree for a date. */
export async function readTeamPlans(
  deps: AppDeps,
  { ctx, input }: { ctx: UnitContext; input: { date?: string | undefined } },
): Promise<TeamPlansReply> {
  const date = input.date ?? (await requireBusinessDate(deps.db));
  const rows = await listTeamPlans(deps.db, { unitPath: ctx.actingUnit.path, planDate: date });
  return {
    date,
    rows: rows.map((row) => ({
      planId: row.planId,
      userId: row.userId,
      fullName: row.fullName,
      unitCode: row.unitCode,
      visits: row.visits,
      done: row.done,
      totals: row.totals.map((total) => ({
        currency: total.currency,
        target: minorToDecimal(total.targetMinor),
        collected: minorToDecimal(total.collectedMinor),
      })),
    })),
  };
}

async function ownPlan(deps: AppDeps, ctx: UnitContext, planId: number): Promise<{ date: string }> {
  const plan = await findPlanById(deps.db, planId);
  if (!plan || plan.userId !== ctx.user.id) throw notFound();
  return { date: plan.planDate };
}

/** POST /api/field/work-plan/visits — adds an account of the subtree to the caller's plan for a date. */
export async function addVisit(
  deps: AppDeps,
  { ctx, input }: { ctx: UnitContext; input: AddVisitInput },
): Promise<WorkPlanReply> {
  const businessDate = await requireBusinessDate(deps.db);
  if (input.date < businessDate) throw validationError('date', `must be the business date (${businessDate}) or later`);
  const at = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    const account = await findAccountForField(tx, { accountNo: input.accountNo, unitPath: ctx.actingUnit.path });
    if (!account)
      throw new AppError('NOT_FOUND', 'Account not found', {
        fields: [{ field: 'accountNo', message: 'No such account in this unit' }],
      });
    const plan = await ensurePlan(tx, {
      userId: ctx.user.id,
      unitId: ctx.actingUnit.id,
      unitPath: ctx.actingUnit.path,
      planDate: input.date,
      at,
    });
    const target = input.target ?? account.totalDue;
    const visitId = await insertVisit(tx, {
      planId: plan.id,
      accountId: account.id,
      priority: input.priority,
      targetMinor: Number(toCents(target)),
      currency: account.currency,
      latitude: account.latitude,
      longitude: account.longitude,
      at,
    });
    if (visitId === 0) throw new AppError('NOT_ELIGIBLE', `Account ${account.accountNo} is already in this plan.`);
    await bumpPlan(tx, { id: plan.id, at });
    await emitAudit(tx, ctx, {
      action: 'field.work_plan.visit_add',
      entity: 'work_plan_visit',
      entityId: visitId,
      after: {
        planId: plan.id,
        planDate: input.date,
        accountId: account.id,
        priority: input.priority,
        target,
        currency: account.currency,
      },
    });
  });
  return readWorkPlan(deps, { ctx, input: { date: input.date } });
}

/** DELETE /api/field/work-plan/visits/:visitId — removes a visit not yet made from the caller's plan. */
export async function removeVisit(
  deps: AppDeps,
  { ctx, visitId }: { ctx: UnitContext; visitId: number },
): Promise<WorkPlanReply> {
  const at = deps.clock.now();
  const planId = await withTransaction(deps.db, async (tx) => {
    const visit = await findVisitForUpdate(tx, visitId);
    if (!visit || visit.userId !== ctx.user.id) throw new AppError('NOT_FOUND', 'Visit not found');
    if (visit.status !== 'PLANNED') {
      throw new AppError('NOT_ELIGIBLE', 'A visit already made stays in the plan; only planned visits can be removed.');
    }
    await deleteVisit(tx, visitId);
    const rest = await listVisits(tx, visit.planId);
    await setVisitOrder(
      tx,
      visit.planId,
      rest.map((row) => row.id),
    );
    await bumpPlan(tx, { id: visit.planId, at });
    await emitAudit(tx, ctx, {
      action: 'field.work_plan.visit_remove',
      entity: 'work_plan_visit',
      entityId: visitId,
      before: { planId: visit.planId },
    });
    return visit.planId;
  });
  return readWorkPlan(deps, { ctx, input: await ownPlan(deps, ctx, planId) });
}

/** PUT /api/field/work-plans/:planId/order — the collector's own order (every visit of the plan, once). */
export async function reorderPlan(
  deps: AppDeps,
  { ctx, planId, input }: { ctx: UnitContext; planId: number; input: ReorderInput },
): Promise<WorkPlanReply> {
  const at = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    const plan = await findPlanById(tx, planId, true);
    if (!plan || plan.userId !== ctx.user.id) throw notFound();
    const visits = await listVisits(tx, planId);
    const given = new Set(input.visitIds);
    if (
      given.size !== input.visitIds.length ||
      given.size !== visits.length ||
      visits.some((visit) => !given.has(visit.id))
    ) {
      throw validationError('visitIds', 'must list every visit of the plan exactly once');
    }
    if (!(await bumpPlan(tx, { id: planId, version: input.version, at }))) throw stale();
    await setVisitOrder(tx, planId, input.visitIds);
    await emitAudit(tx, ctx, {
      action: 'field.work_plan.reorder',
      entity: 'work_plan',
      entityId: planId,
      after: { visitIds: input.visitIds },
    });
  });
  return readWorkPlan(deps, { ctx, input: await ownPlan(deps, ctx, planId) });
}

/** POST /api/field/work-plans/:planId/optimise — priority first, then nearest neighbour from the start point. */
export async function optimisePlan(
  deps: AppDeps,
  { ctx, planId, input }: { ctx: UnitContext; planId: number; input: OptimiseInput },
): Promise<WorkPlanReply> {
  if ((input.startLatitude === undefined) !== (input.startLongitude === undefined)) {
    throw validationError(
      input.startLatitude === undefined ? 'startLatitude' : 'startLongitude',
      'give both or neither',
    );
  }
  const at = deps.clock.now();
  await withTransaction(deps.db, async (tx) => {
    const plan = await findPlanById(tx, planId, true);
    if (!plan || plan.userId !== ctx.user.id) throw notFound();
    const start =
      input.startLatitude !== undefined && input.startLongitude !== undefined
        ? { latitude: input.startLatitude, longitude: input.startLongitude }
        : plan.startLatitude !== null && plan.startLongitude !== null
          ? { latitude: plan.startLatitude, longitude: plan.startLongitude }
          : null;
    const visits = await listVisits(tx, planId);
    const order = routeOrder(visits, start);
    if (!(await bumpPlan(tx, { id: planId, version: input.version, at, ...(start ? { start } : {}) }))) throw stale();
    await setVisitOrder(tx, planId, order);
    await emitAudit(tx, ctx, {
      action: 'field.work_plan.optimise',
      entity: 'work_plan',
      entityId: planId,
      after: { start, visitIds: order },
    });
  });
  return readWorkPlan(deps, { ctx, input: await ownPlan(deps, ctx, planId) });
}

/** POST /api/field/work-plan/visits/:visitId/status — marks a visit (visited, PTP, paid, not found …). */
export async function markVisit(
  deps: AppDeps,
  { ctx, visitId, input }: { ctx: UnitContext; visitId: number; input: VisitStatusInput },
): Promise<WorkPlanReply> {
  if (input.status === 'PAID' && !input.collected) throw validationError('collected', 'This field is required');
  if (input.status !== 'PAID' && input.collected)
    throw validationError('collected', 'only a paid visit collects an amount');
  const at = deps.clock.now();
  const planId = await withTransaction(deps.db, async (tx) => {
    const visit = await findVisitForUpdate(tx, visitId);
    if (!visit || visit.userId !== ctx.user.id) throw new AppError('NOT_FOUND', 'Visit not found');
    const updated = await updateVisitStatus(tx, {
      id: visitId,
      version: input.version,
      status: input.status,
      collectedMinor: input.collected ? Number(toCents(input.collected)) : null,
      remarks: input.remarks || null,
      visitedAt: input.status === 'PLANNED' ? null : at,
    });
    if (!updated)
      throw new AppError('STALE_VERSION', 'This visit was changed meanwhile. Reload the plan and try again.');
    await bumpPlan(tx, { id: visit.planId, at });
    await emitAudit(tx, ctx, {
      action: 'field.work_plan.visit_status',
      entity: 'work_plan_visit',
      entityId: visitId,
      before: { status: visit.status },
      after: {
        status: input.status,
        collected: input.collected ?? null,
        currency: visit.currency,
        remarks: input.remarks ?? null,
      },
    });
    return visit.planId;
  });
  return readWorkPlan(deps, { ctx, input: await ownPlan(deps, ctx, planId) });
}
