import type { z } from 'zod';
import type { initiateInputSchema, poolDeclineInputSchema } from '@recovery-desk/domain/legal/contracts.ts';
import { poolIneligibility, type LegalPoolRule } from '@recovery-desk/domain/legal/pool-rule.ts';
import type { CaseFields } from '@recovery-desk/domain/workflow/case-fields.ts';
import { emitAudit } from '../../../audit/emit-audit.ts';
import type { Transaction } from '../../../db/transaction.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { UnitContext } from '../../../http/request-context.ts';
import { requireBusinessDate } from '../../organisation/index.ts';
import { withDocumentTransaction } from '../../../documents/document-store.ts';
import { applyCaseActionInTx, startCaseInTx } from '../../workflow/index.ts';
import { LEGAL_CODE } from '../legal-constants.ts';
import { findPoolAccount, listBouncedCheques, type PoolAccountFacts } from '../pool.repository.ts';
import { bounceReasonOption } from './notice-format.ts';
import { loadLegalSettings } from './settings.ts';

// The pool's two decisions on accounts: initiate legal (a case that moves to INITIATE at once) and "not fit for
// legal" (a case closed as Declined at the pool, which keeps the account out of the pool for the cool-off days).
// Both run through the workflow services, all or nothing.

export type InitiateInput = z.infer<typeof initiateInputSchema>;
export type PoolDeclineInput = z.infer<typeof poolDeclineInputSchema>;
export type StartedCase = { caseId: number; caseNo: string; accountId: number };
/** A started case and the outbox mail its first step queued (deliver after the commit). */
export type InitiatedCase = StartedCase & { mailIds: number[] };

export type PoolDecisionContext = { rule: LegalPoolRule; businessDate: string };
export type AccountRef = { accountId: number } | { accountNo: string };

/** The account (locked) if it is in scope, has no open legal case and meets the pool rule; else the refusal. */
async function requirePoolAccount(
  tx: Transaction,
  ctx: UnitContext,
  pool: PoolDecisionContext,
  ref: AccountRef,
): Promise<PoolAccountFacts> {
  const facts = await findPoolAccount(tx, { ...ref, unitPath: ctx.actingUnit.path, forUpdate: true });
  const name = 'accountId' in ref ? String(ref.accountId) : ref.accountNo;
  if (!facts) {
    throw new AppError('NOT_FOUND', `Account ${name} not found`, {
      extra: 'accountId' in ref ? { accountId: ref.accountId } : { accountNo: ref.accountNo },
    });
  }
  if (facts.hasOpenLegalCase) {
    throw new AppError('CASE_ALREADY_OPEN', `Account ${facts.accountNo} already has an open legal case.`, {
      extra: { accountNo: facts.accountNo },
    });
  }
  const reasons = poolIneligibility(pool.rule, facts, pool.businessDate);
  if (reasons.length > 0) {
    throw new AppError('NOT_ELIGIBLE', `Account ${facts.accountNo} is not eligible for legal: ${reasons.join(', ')}`, {
      extra: { accountNo: facts.accountNo, reasons: reasons.join(',') },
    });
  }
  return facts;
}

/** The fields a new case starts with: case type, claim, note, and for §138 the latest bounced cheque. */
async function prefilledFields(
  tx: Transaction,
  facts: PoolAccountFacts,
  input: { caseType: string; remarks?: string | undefined; claimAmount?: string | undefined },
): Promise<CaseFields> {
  const fields: Record<string, string> = {
    caseType: input.caseType,
    claimAmount: input.claimAmount ?? facts.claimAmount,
  };
  if (input.remarks) fields.initiationNote = input.remarks;
  if (input.caseType === 'S138') {
    const [cheque] = await listBouncedCheques(tx, facts.accountId);
    if (cheque) {
      if (/^\d{6}$/.test(cheque.chequeNo)) fields.chequeNumber = cheque.chequeNo;
      fields.chequeDate = cheque.chequeDate;
      fields.chequeAmount = cheque.amount;
      if (cheque.bankName) fields.drawerBank = cheque.bankName;
      if (cheque.bounceDate) fields.chequeReturnDate = cheque.bounceDate;
      fields.bounceReason = bounceReasonOption(cheque.bounceReason);
    }
  }
  return fields;
}

/**
 * Starts a legal case for one pool account and submits it to INITIATE (status Initiated), assigned to the
 * caller. The upload of case initiations runs each row through here too.
 */
export async function initiateAccountInTx(
  tx: Transaction,
  deps: AppDeps,
  ctx: UnitContext,
  input: PoolDecisionContext & {
    account: AccountRef;
    caseType: string;
    remarks?: string | undefined;
    claimAmount?: string | undefined;
  },
): Promise<InitiatedCase> {
  const facts = await requirePoolAccount(tx, ctx, input, input.account);
  const fields = await prefilledFields(tx, facts, input);
  const started = await startCaseInTx(tx, deps, ctx, {
    definitionCode: LEGAL_CODE,
    accountId: facts.accountId,
    fields,
    assignedUserId: ctx.user.id,
  });
  const applied = await applyCaseActionInTx(tx, deps, ctx, {
    caseId: started.caseId,
    input: {
      action: 'submit',
      version: started.version,
      expectedStage: 'POOL',
      ...(input.remarks ? { remarks: input.remarks } : {}),
    },
  });
  return { caseId: started.caseId, caseNo: started.caseNo, accountId: facts.accountId, mailIds: applied.mailIds };
}

const unique = (ids: readonly number[]) => [...new Set(ids)];

/** POST /api/legal/pool/initiate — one case per account, each at INITIATE; any refusal creates none. */
export async function initiatePoolCases(
  deps: AppDeps,
  { ctx, input }: { ctx: UnitContext; input: InitiateInput },
): Promise<{ cases: StartedCase[] }> {
  const { cases, mailIds } = await withDocumentTransaction(deps.db, async (tx) => {
    const settings = await loadLegalSettings(tx);
    const businessDate = await requireBusinessDate(tx);
    const started: StartedCase[] = [];
    const mail: number[] = [];
    for (const accountId of unique(input.accountIds)) {
      const { mailIds: queued, ...item } = await initiateAccountInTx(tx, deps, ctx, {
        rule: settings.poolRule,
        businessDate,
        account: { accountId },
        caseType: input.caseType,
        remarks: input.remarks,
      });
      started.push(item);
      mail.push(...queued);
    }
    await emitAudit(tx, ctx, {
      action: 'legal.pool_initiate',
      entity: 'legal_pool',
      entityId: null,
      after: { caseType: input.caseType, remarks: input.remarks ?? null, cases: started },
    });
    return { cases: started, mailIds: mail };
  });
  deps.mail.deliver(mailIds);
  return { cases };
}

/**
 * POST /api/legal/pool/decline — "not fit for legal": for each pool account a case closed as Declined at the
 * pool stage with the remarks; any refusal declines none.
 */
export async function declinePoolAccounts(
  deps: AppDeps,
  { ctx, input }: { ctx: UnitContext; input: PoolDeclineInput },
): Promise<{ cases: StartedCase[] }> {
  const { cases, mailIds } = await withDocumentTransaction(deps.db, async (tx) => {
    const settings = await loadLegalSettings(tx);
    const businessDate = await requireBusinessDate(tx);
    const pool = { rule: settings.poolRule, businessDate };
    const declined: StartedCase[] = [];
    const mail: number[] = [];
    for (const accountId of unique(input.accountIds)) {
      const facts = await requirePoolAccount(tx, ctx, pool, { accountId });
      const started = await startCaseInTx(tx, deps, ctx, {
        definitionCode: LEGAL_CODE,
        accountId,
        fields: {},
        assignedUserId: ctx.user.id,
      });
      const applied = await applyCaseActionInTx(tx, deps, ctx, {
        caseId: started.caseId,
        input: { action: 'decline', version: started.version, expectedStage: 'POOL', remarks: input.remarks },
      });
      declined.push({ caseId: started.caseId, caseNo: started.caseNo, accountId: facts.accountId });
      mail.push(...applied.mailIds);
    }
    await emitAudit(tx, ctx, {
      action: 'legal.pool_decline',
      entity: 'legal_pool',
      entityId: null,
      after: { remarks: input.remarks, cases: declined },
    });
    return { cases: declined, mailIds: mail };
  });
  deps.mail.deliver(mailIds);
  return { cases };
}
