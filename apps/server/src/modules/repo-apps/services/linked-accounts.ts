import { toCents } from '@recovery-desk/domain/money.ts';
import { fromCents } from '@recovery-desk/domain/collections/ptp-policy.ts';
import type { LinkedAccounts } from '@recovery-desk/domain/repo/contracts.ts';
import { findStage, type WorkflowDefinition } from '@recovery-desk/domain/workflow/definition.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { activeDefinition } from '../../workflow/index.ts';
import { findBorrowerInScope, listBorrowerAccounts } from '../linked-accounts.repository.ts';

/**
 * GET /api/repo/accounts/:accountId/linked (Link_Lan_AccDtl_SAUTH, checked by the route) — the borrower's loan
 * accounts in the acting unit's subtree with their outstanding, overdue and open cases, the exposure per currency,
 * and how many of the borrower's accounts are in other units (counted, not shown). An account outside the subtree
 * answers 404.
 */
export async function getLinkedAccounts(
  deps: AppDeps,
  { ctx, accountId }: { ctx: UnitContext; accountId: number },
): Promise<LinkedAccounts> {
  const borrower = await findBorrowerInScope(deps.db, { accountId, unitPath: ctx.actingUnit.path });
  if (!borrower) throw new AppError('NOT_FOUND', 'Account not found');
  const { rows, outsideScope } = await listBorrowerAccounts(deps.db, {
    customerId: borrower.customerId,
    unitPath: ctx.actingUnit.path,
  });
  const codes = [...new Set(rows.flatMap((row) => (row.cases ?? []).map((item) => item.definitionCode)))];
  const definitions = new Map<string, WorkflowDefinition | null>();
  for (const code of codes) {
    definitions.set(code, await activeDefinition(deps.db, code).catch(() => null));
  }
  const exposure = new Map<string, { accounts: number; outstanding: bigint; due: bigint }>();
  const accounts = rows.map((row) => {
    const total = toCents(row.principal) + toCents(row.interest) + toCents(row.charges);
    const sum = exposure.get(row.currency) ?? { accounts: 0, outstanding: 0n, due: 0n };
    exposure.set(row.currency, {
      accounts: sum.accounts + 1,
      outstanding: sum.outstanding + total,
      due: sum.due + toCents(row.totalDue),
    });
    return {
      accountId: Number(row.accountId),
      accountNo: row.accountNo,
      product: row.product,
      currency: row.currency as LinkedAccounts['accounts'][number]['currency'],
      unitCode: row.unitCode,
      branchName: row.branchName,
      dpd: Number(row.dpd),
      assetClass: row.assetClass,
      principalOutstanding: row.principal,
      interestOutstanding: row.interest,
      chargesOutstanding: row.charges,
      totalOutstanding: fromCents(total),
      totalDueAmount: row.totalDue,
      settlementStatus: row.settlementStatus,
      isThisAccount: Number(row.accountId) === accountId,
      openCases: (row.cases ?? []).map((item) => {
        const definition = definitions.get(item.definitionCode);
        const stage = definition ? findStage(definition, item.stage) : undefined;
        return {
          caseId: Number(item.caseId),
          caseNo: item.caseNo,
          definitionCode: item.definitionCode,
          stage: item.stage,
          stageLabelKey: stage?.labelKey ?? null,
          routeSlug: stage?.routeSlug ?? null,
        };
      }),
    };
  });
  return {
    accountId,
    customerId: borrower.customerId,
    customerName: borrower.customerName,
    accounts,
    exposure: [...exposure.entries()].map(([currency, sum]) => ({
      currency: currency as LinkedAccounts['exposure'][number]['currency'],
      accounts: sum.accounts,
      totalOutstanding: fromCents(sum.outstanding),
      totalDue: fromCents(sum.due),
    })),
    outsideScope,
  };
}
