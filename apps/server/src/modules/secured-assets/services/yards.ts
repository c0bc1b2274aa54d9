import { findStage } from '@recovery-desk/domain/workflow/definition.ts';
import type {
  CaseYardReply,
  YardInInput,
  YardInput,
  YardInventory,
  YardOutInput,
  YardsReply,
} from '@recovery-desk/domain/secured-assets/yards.ts';
import { sql } from 'drizzle-orm';
import { likePrefix } from '../../../access/unit-scope.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { selectRows } from '../../../db/sql-rows.ts';
import { withTransaction, type Executor } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, authorityMissing } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { actorAuthorities, loadDefinition, requireAppAuthority, type EffectRun } from '../../workflow/index.ts';
import { REPO_APP } from '../secured-assets-constants.ts';
import {
  closeStay,
  insertStay,
  insertYard,
  listStays,
  listYardsFor,
  updateYard,
  yardInventory,
} from '../yards.repository.ts';
import { securedCaseInScope } from './secured-case.ts';

// The yard register (Repossession Settings → Yards, REPO_SETTINGS_SAUTH), each case's yard-in and yard-out (by the
// holder of the case's current stage's authority, in the acting unit's subtree), and the yard inventory of the
// repossession dashboard. Every change is audited in its transaction.

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION', `${field}: ${message}`, { fields: [{ field, message }] });

/** GET /api/secured-assets/yards — the yards the acting unit may use (its subtree's and those above it). */
export async function getYards(deps: AppDeps, { ctx }: { ctx: UnitContext }): Promise<YardsReply> {
  requireAppAuthority({ app: REPO_APP }, await actorAuthorities(deps.db, ctx, REPO_APP));
  const rows = await listYardsFor(deps.db, ctx.actingUnit.path);
  return { yards: rows.map(({ unitPath: _path, ...yard }) => yard) };
}

async function requireUnitInSubtree(db: Executor, ctx: UnitContext, unitId: number) {
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`select id from units where id = ${unitId} and path like ${likePrefix(ctx.actingUnit.path)}`,
  );
  if (!row) throw invalid('unitId', 'must be the acting unit or a unit below it');
}

/** POST /api/secured-assets/yards and PUT …/yards/:yardId (REPO_SETTINGS_SAUTH, declared by the route). */
export async function saveYard(
  deps: AppDeps,
  { ctx, yardId, input }: { ctx: UnitContext; yardId: number | null; input: YardInput },
): Promise<YardsReply> {
  await withTransaction(deps.db, async (tx) => {
    await requireUnitInSubtree(tx, ctx, input.unitId);
    const at = deps.clock.now();
    if (yardId === null) {
      const id = await insertYard(tx, input, at);
      await emitAudit(tx, ctx, { action: 'secured_assets.yard_create', entity: 'yard', entityId: id, after: input });
      return;
    }
    const before = (await listYardsFor(tx, ctx.actingUnit.path, { subtreeOnly: true })).find((y) => y.id === yardId);
    if (!before) throw new AppError('NOT_FOUND', 'Yard not found');
    await updateYard(tx, yardId, input, at);
    await emitAudit(tx, ctx, {
      action: 'secured_assets.yard_update',
      entity: 'yard',
      entityId: yardId,
      before,
      after: input,
    });
  });
  return getYards(deps, { ctx });
}

/** GET /api/secured-assets/cases/:caseId/yard — the case's stays, the open one first named. */
export async function getCaseYard(
  deps: AppDeps,
  { ctx, caseId }: { ctx: UnitContext; caseId: number },
): Promise<CaseYardReply> {
  await securedCaseInScope(deps.db, ctx, caseId);
  requireAppAuthority({ app: REPO_APP }, await actorAuthorities(deps.db, ctx, REPO_APP));
  const stays = await listStays(deps.db, caseId);
  return { caseId, current: stays.find((stay) => stay.outDate === null) ?? null, stays };
}

type Movement = { kind: 'in'; input: YardInInput } | { kind: 'out'; input: YardOutInput };

/** POST …/yard-in and …/yard-out: the case's current stage's authority; the business date bounds the dates. */
export async function moveAsset(
  deps: AppDeps,
  { ctx, caseId, movement }: { ctx: UnitContext; caseId: number; movement: Movement },
): Promise<CaseYardReply> {
  await withTransaction(deps.db, async (tx) => {
    const record = await securedCaseInScope(tx, ctx, caseId);
    const definition = await loadDefinition(tx, record.definitionCode, record.definitionVersion);
    const stage = findStage(definition, record.stage);
    const authorities = await actorAuthorities(tx, ctx, REPO_APP);
    if (!stage || !authorities.includes(stage.authority)) {
      throw authorityMissing(stage?.authority ?? record.stage, REPO_APP, 'You cannot move this case’s asset.');
    }
    if (record.isClosed) throw new AppError('CASE_CLOSED', `Case ${record.caseNo} is closed.`);
    const businessDate = await requireBusinessDate(tx);
    const stays = await listStays(tx, caseId);
    const open = stays.find((stay) => stay.outDate === null);
    if (movement.kind === 'in') {
      const { yardId, inDate, condition } = movement.input;
      if (open) {
        throw new AppError(
          'ACTION_NOT_ALLOWED',
          `The asset of case ${record.caseNo} is already in ${open.yardName} since ${open.inDate}: record its yard-out first.`,
        );
      }
      if (inDate > businessDate) throw invalid('inDate', 'must not be after the business date');
      const repossessed = record.fields.repossessionDate;
      if (typeof repossessed === 'string' && inDate < repossessed)
        throw invalid('inDate', `must not be before the repossession date (${repossessed})`);
      const last = stays.at(-1);
      if (last?.outDate && inDate < last.outDate)
        throw invalid('inDate', `must not be before the last yard-out (${last.outDate})`);
      const yard = (await listYardsFor(tx, ctx.actingUnit.path)).find((y) => y.id === yardId);
      if (!yard || !yard.active) throw invalid('yardId', 'must be an active yard of this unit');
      const id = await insertStay(tx, {
        caseId,
        yardId,
        inDate,
        inCondition: condition,
        createdByUserId: ctx.user.id,
        at: deps.clock.now(),
      });
      // the case's yard fields (a tray column, the documents' placeholders) follow the yard record
      await tx.execute(
        sql`update cases set fields = fields || jsonb_build_object('yardName', ${yard.name}::text, 'yardInDate', ${inDate}::text)
          where id = ${caseId}`,
      );
      await emitAudit(tx, ctx, {
        action: 'secured_assets.yard_in',
        entity: 'case',
        entityId: caseId,
        after: { caseNo: record.caseNo, stayId: id, yardId, yardName: yard.name, inDate, condition },
      });
      return;
    }
    const { outDate, reason } = movement.input;
    if (!open) throw new AppError('ACTION_NOT_ALLOWED', `The asset of case ${record.caseNo} is not in a yard.`);
    if (outDate < open.inDate) throw invalid('outDate', `must not be before its yard-in (${open.inDate})`);
    if (outDate > businessDate) throw invalid('outDate', 'must not be after the business date');
    await closeStay(tx, { caseId, outDate, outReason: reason });
    await emitAudit(tx, ctx, {
      action: 'secured_assets.yard_out',
      entity: 'case',
      entityId: caseId,
      before: { caseNo: record.caseNo, stayId: open.id, yardId: open.yardId, inDate: open.inDate },
      after: { outDate, reason },
    });
  });
  return getCaseYard(deps, { ctx, caseId });
}

/** GET /api/secured-assets/yard-inventory — per yard the subtree's assets now and how long they have been held. */
export async function getYardInventory(deps: AppDeps, { ctx }: { ctx: UnitContext }): Promise<YardInventory> {
  const businessDate = await requireBusinessDate(deps.db);
  return { businessDate, yards: await yardInventory(deps.db, ctx.actingUnit.path, businessDate) };
}

/**
 * The requireYardIn effect: the stage is submitted only once the case's asset is in a yard of the register, and the
 * case's yardName and yardInDate (filled by the yard-in) match that record (400 naming the field).
 */
export async function requireYardIn(run: EffectRun): Promise<void> {
  const stays = await listStays(run.tx, run.caseId);
  const open = stays.find((stay) => stay.outDate === null);
  if (!open) {
    throw invalid('yard', `record the yard-in of the vehicle of case ${run.caseNo} on the Yard tab before submitting`);
  }
  const fields = run.next.fields;
  if (fields.yardName !== undefined && fields.yardName !== open.yardName) {
    throw invalid('fields.yardName', `must be the yard of the yard-in record (${open.yardName})`);
  }
  if (fields.yardInDate !== undefined && fields.yardInDate !== open.inDate) {
    throw invalid('fields.yardInDate', `must be the date of the yard-in record (${open.inDate})`);
  }
}
