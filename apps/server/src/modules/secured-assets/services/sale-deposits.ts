import { formatAmount, isAmountInMinorUnits } from '@recovery-desk/domain/money.ts';
import {
  BALANCE_DUE_RULE,
  computeSaleDeposits,
  type SaleDeposits,
  type SaleDepositsReply,
} from '@recovery-desk/domain/secured-assets/sale-deposits.ts';
import type { CaseFields } from '@recovery-desk/domain/workflow/case-fields.ts';
import type { WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import type { Executor } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { actorAuthorities, loadDefinition, requireAppAuthority, type EffectRun } from '../../workflow/index.ts';
import { REPO_APP, SARFAESI_CODE } from '../secured-assets-constants.ts';
import { caseH1 } from './auction-bids.ts';
import { securedCaseInScope } from './secured-case.ts';

// The 25% deposit and the 75% balance of a SARFAESI sale (Rule 9(2)–(4)): the figures the saleDeposits widget shows
// at the sale stages, and the two effects that refuse a step whose figures break the rule. The EMD adjusted is the
// one of the auction's H1 bid (none for a private treaty sale); the balance's period is the definition's own (the
// SARFAESI settings), so a changed timeline applies to the cases on its new version.

const amount = (fields: CaseFields, name: string): string | null => {
  const value = fields[name];
  return typeof value === 'string' && isAmountInMinorUnits(value, 'INR') ? value : null;
};
const date = (fields: CaseFields, name: string): string | null => {
  const value = fields[name];
  return typeof value === 'string' && value !== '' ? value : null;
};

function balanceDaysOf(definition: WorkflowDefinition): number {
  return definition.dateRules?.find((rule) => rule.name === BALANCE_DUE_RULE)?.offsetDays ?? 15;
}

export async function saleDepositsOf(
  db: Executor,
  definition: WorkflowDefinition,
  caseId: number,
  fields: CaseFields,
): Promise<{ deposits: SaleDeposits; buyerName: string | null; balanceDays: number }> {
  const { h1 } = await caseH1(db, caseId, amount(fields, 'reservePrice'));
  const balanceDays = balanceDaysOf(definition);
  const deposits = computeSaleDeposits(
    {
      saleAmount: amount(fields, 'saleAmount'),
      emdAmount: h1?.emdAmount ?? null,
      depositAmount: amount(fields, 'depositAmount'),
      balanceAmount: amount(fields, 'balanceAmount'),
      saleConfirmationDate: date(fields, 'saleConfirmationDate'),
      depositReceivedDate: date(fields, 'depositReceivedDate'),
      balanceReceivedDate: date(fields, 'balanceReceivedDate'),
      balanceExtensionAgreed: fields.balanceExtensionAgreed === true || fields.balanceExtensionAgreed === 'true',
      balanceDays,
    },
    (value) => formatAmount(value, 'INR'),
  );
  return { deposits, buyerName: h1?.bidderName ?? null, balanceDays };
}

/** GET /api/secured-assets/cases/:caseId/sale-deposits — a SARFAESI case's deposit and balance figures. */
export async function getSaleDeposits(
  deps: AppDeps,
  { ctx, caseId }: { ctx: UnitContext; caseId: number },
): Promise<SaleDepositsReply> {
  const record = await securedCaseInScope(deps.db, ctx, caseId);
  requireAppAuthority({ app: REPO_APP }, await actorAuthorities(deps.db, ctx, REPO_APP));
  if (record.definitionCode !== SARFAESI_CODE) {
    throw new AppError('NOT_FOUND', 'Only a SARFAESI sale has a 25% deposit and a 75% balance');
  }
  const definition = await loadDefinition(deps.db, record.definitionCode, record.definitionVersion);
  const { deposits, buyerName, balanceDays } = await saleDepositsOf(deps.db, definition, caseId, record.fields);
  return {
    caseId,
    currency: 'INR',
    buyerName,
    ...deposits,
    saleConfirmationDate: date(record.fields, 'saleConfirmationDate'),
    balanceDays,
  };
}

async function refuseProblems(run: EffectRun, fields: readonly SaleDeposits['problems'][number]['field'][]) {
  const { deposits } = await saleDepositsOf(run.tx, run.definition, run.caseId, run.next.fields);
  const problems = deposits.problems.filter((problem) => fields.includes(problem.field));
  if (problems.length === 0) return;
  const named = problems.map((problem) => ({ field: `fields.${problem.field}`, message: problem.message }));
  throw new AppError('VALIDATION', named.map((problem) => `${problem.field}: ${problem.message}`).join('; '), {
    fields: named,
  });
}

/** The sale confirmed (AssetSaleNotice): the deposit with the EMD reaches 25% of the sale price (Rule 9(3)). */
export function requireSaleDeposit(run: EffectRun): Promise<void> {
  return refuseProblems(run, ['depositAmount']);
}

/**
 * The sale paid (AssetSale): the balance is the sale price less the EMD and the deposit, received by the 15th day of
 * the confirmation or, with a written extension, within three months of it (Rule 9(4)).
 */
export function requireSaleBalance(run: EffectRun): Promise<void> {
  return refuseProblems(run, ['depositAmount', 'balanceAmount', 'balanceReceivedDate']);
}
