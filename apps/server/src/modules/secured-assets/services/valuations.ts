import { findStage } from '@recovery-desk/domain/workflow/definition.ts';
import { formatAmount, type Currency } from '@recovery-desk/domain/money.ts';
import {
  amountToMinor,
  derivedValuation,
  minorToAmount,
  RESERVE_PRICE_STAGES,
  VALUATION_CAPTURE_STAGE,
  valuationFields,
  valuationPolicy,
  type Valuation,
  type ValuationInput,
  type ValuationPolicy,
  type ValuationsReply,
} from '@recovery-desk/domain/secured-assets/valuations.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import { withTransaction, type Transaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError, authorityMissing } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import {
  actorAuthorities,
  loadDefinition,
  requireAppAuthority,
  saveCaseFieldsInTx,
  type EffectRun,
} from '../../workflow/index.ts';
import { securedCaseInScope } from './secured-case.ts';
import { REPO_APP } from '../secured-assets-constants.ts';
import {
  caseAccountMoney,
  deleteValuation,
  insertValuation,
  listCaseValuations,
  updateValuation,
} from '../valuations.repository.ts';

// The valuations of a repossession or SARFAESI case (the assetValuations widget). They are added, changed and
// removed while the case is at Capture Valuation Details, by a holder of that stage's authority; every change
// re-derives the case's valuation fields (lowest values, latest date) through the engine's field save, so the case
// history shows them, and is audited in the same transaction. Submitting the stage with fewer valuations than the
// policy asks for is refused (the requireValuations effect).

const NOT_FOUND = 'Case not found';

function policyOf(
  deps: AppDeps,
  definitionCode: string,
  valuations: readonly Valuation[],
  outstandingMinor: number,
): ValuationPolicy {
  return valuationPolicy({
    definitionCode,
    highestMarketMinor: Math.max(0, ...valuations.map((v) => v.marketValueMinor)),
    outstandingMinor,
    sarfaesiSecondAboveMinor: deps.config.sarfaesiSecondValuationAboveMinor,
    repoSecondAboveMinor: deps.config.repoSecondValuationAboveMinor,
  });
}

/** GET /api/secured-assets/cases/:caseId/valuations — the valuations, the policy, the derived values. */
export async function getValuations(
  deps: AppDeps,
  { ctx, caseId }: { ctx: UnitContext; caseId: number },
): Promise<ValuationsReply> {
  const record = await securedCaseInScope(deps.db, ctx, caseId);
  const authorities = await actorAuthorities(deps.db, ctx, REPO_APP);
  requireAppAuthority({ app: REPO_APP }, authorities);
  const definition = await loadDefinition(deps.db, record.definitionCode, record.definitionVersion);
  const capture = findStage(definition, VALUATION_CAPTURE_STAGE);
  const valuations = await listCaseValuations(deps.db, caseId);
  const money = await caseAccountMoney(deps.db, record.accountId);
  const derived = derivedValuation(valuations);
  return {
    caseId,
    definitionCode: record.definitionCode,
    stage: record.stage,
    currency: money.currency,
    editable:
      !record.isClosed &&
      record.stage === VALUATION_CAPTURE_STAGE &&
      capture !== undefined &&
      authorities.includes(capture.authority),
    policy: policyOf(deps, record.definitionCode, valuations, money.outstandingMinor),
    valuations,
    derived,
    suggestedReserveMinor: derived?.realisableValueMinor ?? null,
    reservePriceMinor: amountToMinor(record.fields.reservePrice),
    atReserveStage: RESERVE_PRICE_STAGES[record.definitionCode] === record.stage,
  };
}

export type ValuationChange = Change;
type Change =
  | { kind: 'add'; input: ValuationInput }
  | { kind: 'update'; valuationId: number; input: ValuationInput }
  | { kind: 'remove'; valuationId: number };

/** POST / PUT / DELETE of a valuation: the capture stage's authority, at that stage, audited, fields re-derived. */
export async function changeValuation(
  deps: AppDeps,
  { ctx, caseId, change }: { ctx: UnitContext; caseId: number; change: Change },
): Promise<ValuationsReply> {
  await withTransaction(deps.db, (tx) => changeValuationInTx(tx, deps, { ctx, caseId, change }));
  return getValuations(deps, { ctx, caseId });
}

/** changeValuation in the caller's transaction (the demo seed adds its valuations this way). */
export async function changeValuationInTx(
  tx: Transaction,
  deps: AppDeps,
  { ctx, caseId, change }: { ctx: UnitContext; caseId: number; change: Change },
): Promise<void> {
  {
    const record = await securedCaseInScope(tx, ctx, caseId);
    const definition = await loadDefinition(tx, record.definitionCode, record.definitionVersion);
    const capture = findStage(definition, VALUATION_CAPTURE_STAGE);
    if (!capture) throw new AppError('NOT_FOUND', NOT_FOUND);
    const authorities = await actorAuthorities(tx, ctx, REPO_APP);
    if (!authorities.includes(capture.authority)) {
      throw authorityMissing(capture.authority, REPO_APP, 'You cannot change the valuations of this case.');
    }
    if (record.isClosed || record.stage !== VALUATION_CAPTURE_STAGE) {
      throw new AppError(
        'WRONG_STAGE',
        `Valuations of case ${record.caseNo} can be changed only at Capture Valuation Details; it is at ${record.stage}.`,
      );
    }
    const at = deps.clock.now();
    let before: Valuation | undefined;
    let after: Valuation | undefined;
    if (change.kind === 'add') {
      const { currency } = await caseAccountMoney(tx, record.accountId);
      after = await insertValuation(tx, { ...change.input, caseId, currency, createdByUserId: ctx.user.id, at });
    } else {
      const existing = (await listCaseValuations(tx, caseId)).find((v) => v.id === change.valuationId);
      if (!existing) throw new AppError('NOT_FOUND', 'Valuation not found');
      before = existing;
      after =
        change.kind === 'update'
          ? await updateValuation(tx, { ...change.input, caseId, id: change.valuationId, at })
          : await deleteValuation(tx, { caseId, id: change.valuationId }).then(() => undefined);
    }
    await emitAudit(tx, ctx, {
      action: `secured_assets.valuation_${change.kind}`,
      entity: 'case',
      entityId: caseId,
      before: before ? { caseNo: record.caseNo, valuation: before } : { caseNo: record.caseNo },
      after: after ? { caseNo: record.caseNo, valuation: after } : { caseNo: record.caseNo, removed: before?.id },
    });
    await deriveFields(tx, deps, ctx, record.id, record.definitionCode, record.version);
  }
}

/** Writes the case's valuation fields from its valuations (a SAVE_FIELDS step in its history). */
async function deriveFields(
  tx: Transaction,
  deps: AppDeps,
  ctx: UnitContext,
  caseId: number,
  definitionCode: string,
  version: number,
): Promise<void> {
  const derived = derivedValuation(await listCaseValuations(tx, caseId));
  if (!derived) return;
  const fields = valuationFields(definitionCode, derived);
  try {
    await saveCaseFieldsInTx(tx, deps, { ctx, caseId, input: { version, fields } });
  } catch (error) {
    // a field rule (e.g. the valuation date before the yard-in date) refused: name the valuation's own field
    if (error instanceof AppError && error.code === 'VALIDATION' && error.fields) {
      const fieldsOut = error.fields.map((f) => ({
        field: f.field === 'fields.valuationDate' ? 'valuationDate' : f.field,
        message: f.message,
      }));
      throw new AppError('VALIDATION', `${fieldsOut[0]!.field}: ${fieldsOut[0]!.message}`, { fields: fieldsOut });
    }
    throw error;
  }
}

/** The requireValuations effect: Capture Valuation Details is submitted only with the valuations the policy asks. */
export async function requireValuations(run: EffectRun): Promise<void> {
  const valuations = await listCaseValuations(run.tx, run.caseId);
  const money = await caseAccountMoney(run.tx, run.accountId);
  const policy = policyOf(run.deps, run.definition.code, valuations, money.outstandingMinor);
  if (valuations.length >= policy.required) return;
  const threshold = formatAmount(minorToAmount(policy.thresholdMinor), money.currency as Currency);
  const why =
    policy.reason === 'SARFAESI_HIGH_VALUE'
      ? ` (a property valued above ${threshold} needs two valuations by approved valuers)`
      : policy.reason === 'REPO_HIGH_OUTSTANDING'
        ? ` (an account with more than ${threshold} outstanding needs two valuations)`
        : '';
  throw new AppError(
    'ACTION_NOT_ALLOWED',
    `Case ${run.caseNo} has ${valuations.length} valuation${valuations.length === 1 ? '' : 's'}; ` +
      `${policy.required} ${policy.required === 1 ? 'is' : 'are'} required${why}. Add them on the Valuations tab.`,
  );
}
