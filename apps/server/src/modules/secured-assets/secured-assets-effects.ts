import type { SecuredDocumentKind } from '@recovery-desk/domain/secured-assets/document-templates.ts';
import { isIsoDate } from '@recovery-desk/domain/workflow/dates.ts';
import type { WorkflowEffect } from '@recovery-desk/domain/workflow/definition.ts';
import { emitAudit } from '../../audit/emit-audit.ts';
import type { EffectRegistry, EffectRun } from '../workflow/index.ts';
import { AppError } from '../../http/app-error.ts';
import { findRedemptionLock, insertRedemptionLock } from './redemption.repository.ts';
import { REPOSSESSION_CODE, SARFAESI_CODE } from './secured-assets-constants.ts';
import { settleClosure } from './services/closure.ts';
import { createSecuredDocument } from './services/secured-documents.ts';
import { caseH1, lapseActiveBids } from './services/auction-bids.ts';
import { AUCTION_H1_FIELDS, percentOfReserve } from '@recovery-desk/domain/secured-assets/auction.ts';
import { compareAmounts, formatAmount, isAmountInMinorUnits } from '@recovery-desk/domain/money.ts';
import { sql } from 'drizzle-orm';
import { requireValidAgency } from './services/agencies.ts';
import { requireValuations } from './services/valuations.ts';
import { requireSaleBalance, requireSaleDeposit } from './services/sale-deposits.ts';
import { requireInventory } from './services/inventory.ts';
import { requirePublications } from './services/publications.ts';
import { requireYardIn } from './services/yards.ts';
import {
  postPartialPayment,
  recordWaiver,
  requirePartialPayment,
  requireWaiverWithinDues,
} from './services/case-money.ts';

// The effects the REPOSSESSION and SARFAESI workflows name, registered with the engine when the app is wired
// (workflow-effects.ts). Each document effect renders its documents from their templates and files them on the case
// under a checklist code of the stage they belong to; an effect shared by both workflows (generateRepoKit,
// generateSaleNotice) chooses its documents by the case's workflow.

/**
 * A document an effect makes; `from` limits it to the step leaving that stage (an effect named at two steps), `when`
 * to a case whose fields after the step hold it, `dateField` dates it by a date the step captured (else the business
 * date).
 */
type DocumentSpec = {
  kind: SecuredDocumentKind;
  code: string;
  from?: string;
  when?: (fields: Record<string, unknown>) => boolean;
  dateField?: string;
};

const isTrue = (value: unknown) => value === true || value === 'true';

export const EFFECT_DOCUMENTS: Record<string, Partial<Record<WorkflowEffect, readonly DocumentSpec[]>>> = {
  [REPOSSESSION_CODE]: {
    generateRepoNotice: [{ kind: 'REPO_PRE_NOTICE', code: 'noticeCopy' }],
    // The kit is released to the agency (KitGeneration), then completed once the vehicle is in the yard.
    generateRepoKit: [
      { kind: 'REPO_AUTHORISATION_LETTER', code: 'authorisationLetter', from: 'KitGeneration' },
      { kind: 'REPO_POLICE_PRE_INTIMATION', code: 'policePreIntimation', from: 'KitGeneration' },
      { kind: 'REPO_POLICE_POST_INTIMATION', code: 'policePostIntimation', from: 'AssetDtlCapture' },
      { kind: 'REPO_POST_REPOSSESSION_LETTER', code: 'postRepoLetter', from: 'AssetDtlCapture' },
    ],
    generateSaleNotice: [{ kind: 'REPO_SALE_NOTICE', code: 'saleNoticeCopy' }],
    // AssetSaleApproval approves the sale: the letter to the buyer, filed at Closure.
    generateSaleLetter: [{ kind: 'REPO_SALE_LETTER', code: 'saleLetter' }],
  },
  [SARFAESI_CODE]: {
    generateDemandNotice: [{ kind: 'SARF_DEMAND_NOTICE', code: 'demandNoticeCopy' }],
    generatePossessionNotice: [{ kind: 'SARF_POSSESSION_NOTICE', code: 'possessionNotice' }],
    generateRepoKit: [{ kind: 'SARF_POLICE_ASSISTANCE', code: 'policeAssistanceLetter' }],
    generateSaleNotice: [{ kind: 'SARF_SALE_NOTICE', code: 'saleNoticeCopy' }],
    generateSaleCertificate: [{ kind: 'SARF_SALE_CERTIFICATE', code: 'saleCertificate' }],
    // TypeIdentification: only when a representation was received; dated the day the reply is recorded as sent.
    generateRepresentationReply: [
      {
        kind: 'SARF_REPRESENTATION_REPLY',
        code: 'representationReply',
        when: (fields) => isTrue(fields.representationReceived),
        dateField: 'representationReplyDate',
      },
    ],
    // AuctionNotice: the public notice, once the auction date and hours, inspection and EMD dates are entered.
    generateAuctionNotice: [{ kind: 'SARF_AUCTION_NOTICE', code: 'auctionNotice' }],
  },
};

function documentEffect(effect: WorkflowEffect) {
  return async (run: EffectRun): Promise<void> => {
    const specs = EFFECT_DOCUMENTS[run.definition.code]?.[effect];
    // A definition naming the effect where no document is defined for it is a programming error (500), not a skip.
    if (!specs) throw new Error(`${effect} has no documents for the ${run.definition.code} workflow`);
    const fields = run.next.fields;
    for (const spec of specs) {
      if (spec.from && spec.from !== run.from.stage) continue;
      if (spec.when && !spec.when(fields)) continue;
      const dated = spec.dateField ? fields[spec.dateField] : undefined;
      await createSecuredDocument(run.tx, run.deps, run.ctx, {
        caseId: run.caseId,
        kind: spec.kind,
        code: spec.code,
        stage: run.next.stage,
        definition: run.definition,
        fields,
        documentDate: typeof dated === 'string' && isIsoDate(dated) ? dated : run.businessDate,
      });
    }
  };
}

/** §13(8): the auction notice is published; from now on the borrower cannot redeem by paying the dues in full. */
async function lockRedemption(run: EffectRun): Promise<void> {
  const published = run.next.fields.salePublicationDate;
  const publicationDate = typeof published === 'string' && isIsoDate(published) ? published : null;
  const locked = await insertRedemptionLock(run.tx, {
    caseId: run.caseId,
    lockedOn: run.businessDate,
    publicationDate,
    lockedByUserId: run.ctx.user.id,
    actingUnitId: run.ctx.actingUnit.id,
    at: run.deps.clock.now(),
  });
  if (!locked) return;
  await emitAudit(run.tx, run.ctx, {
    action: 'secured_assets.redemption_lock',
    entity: 'case',
    entityId: run.caseId,
    after: { caseNo: run.caseNo, lockedOn: run.businessDate, publicationDate },
  });
}

/**
 * §13(8): once the auction notice is published the borrower can no longer redeem, and a case back at base price after
 * a failed auction stays locked (the first publication ended it). The request is refused (409), and the step rolls
 * back whole.
 */
async function requireRedeemable(run: EffectRun): Promise<void> {
  const lock = await findRedemptionLock(run.tx, run.caseId);
  if (!lock) return;
  const published = lock.publicationDate ?? lock.lockedOn;
  const shown = published.split('-').reverse().join('-');
  throw new AppError(
    'ACTION_NOT_ALLOWED',
    `Redemption is closed for case ${run.caseNo}: the auction notice was published on ${shown} (SARFAESI §13(8)). ` +
      'Take the payment as a partial payment, or recover the dues from the sale.',
  );
}

const amountField = (value: unknown): string | null =>
  typeof value === 'string' && isAmountInMinorUnits(value, 'INR') ? value : null;

const rupees = (amount: string) => formatAmount(amount, 'INR');

/**
 * Approving an auction sale: the sale amount (H1) must be at or above the reserve price, and when bids were entered
 * one of them must be H1 (qualified, EMD received, not below the reserve). Refused (409) otherwise; the step rolls
 * back whole.
 */
async function requireReserveMet(run: EffectRun): Promise<void> {
  const names = AUCTION_H1_FIELDS[run.definition.code];
  if (!names) throw new Error(`requireReserveMet has no H1 fields for the ${run.definition.code} workflow`);
  const fields = run.next.fields;
  const reserve = amountField(fields.reservePrice);
  const sale = amountField(fields[names.amount]);
  const { hasBids, h1 } = await caseH1(run.tx, run.caseId, reserve);
  if (hasBids && !h1) {
    throw new AppError(
      'ACTION_NOT_ALLOWED',
      `The sale of case ${run.caseNo} cannot be approved: no qualified bid with its EMD received reaches the reserve ` +
        `price${reserve ? ` of ${rupees(reserve)}` : ''}. Reject the bid, or send the case back for a fresh auction.`,
    );
  }
  if (reserve && sale && compareAmounts(sale, reserve) < 0) {
    throw new AppError(
      'ACTION_NOT_ALLOWED',
      `The sale of case ${run.caseNo} cannot be approved: the H1 bid of ${rupees(sale)} is below the reserve price ` +
        `of ${rupees(reserve)} (${percentOfReserve(sale, reserve)}% of the reserve).`,
    );
  }
}

/**
 * A failed auction: the reserve price is kept as `previousReservePrice` (the next reserve must be lower) and the
 * auction's bids lapse. The case row was written by the step; the field is added to it in the same transaction.
 */
async function reopenAuction(run: EffectRun): Promise<void> {
  const reserve = amountField(run.next.fields.reservePrice);
  if (reserve) {
    await run.tx.execute(
      sql`update cases set fields = fields || jsonb_build_object('previousReservePrice', ${reserve}::text)
        where id = ${run.caseId}`,
    );
  }
  const lapsed = await lapseActiveBids(run.tx, { caseId: run.caseId, at: run.deps.clock.now() });
  await emitAudit(run.tx, run.ctx, {
    action: 'secured_assets.auction_failed',
    entity: 'case',
    entityId: run.caseId,
    after: { caseNo: run.caseNo, previousReservePrice: reserve, lapsedBids: lapsed },
  });
}

/** A re-auction's reserve price must be below the reserve of the auction that failed (a named field error). */
async function requireReducedReserve(run: EffectRun): Promise<void> {
  const previous = amountField(run.next.fields.previousReservePrice);
  const reserve = amountField(run.next.fields.reservePrice);
  if (!previous || !reserve || compareAmounts(reserve, previous) < 0) return;
  const message = `The reserve price of a re-auction must be below the previous reserve price of ${rupees(previous)}`;
  throw new AppError('VALIDATION', `fields.reservePrice: ${message}`, {
    fields: [{ field: 'fields.reservePrice', message }],
  });
}

export function registerSecuredAssetEffects(registry: EffectRegistry): void {
  for (const effect of [
    'generateRepoNotice',
    'generateRepoKit',
    'generateSaleNotice',
    'generateDemandNotice',
    'generatePossessionNotice',
    'generateSaleCertificate',
    'generateSaleLetter',
    'generateRepresentationReply',
    'generateAuctionNotice',
  ] as const) {
    registry.register(effect, documentEffect(effect));
  }
  registry.register('lockRedemption', lockRedemption);
  registry.register('requireRedeemable', requireRedeemable);
  registry.register('settleClosure', settleClosure);
  registry.register('requireReserveMet', requireReserveMet);
  registry.register('reopenAuction', reopenAuction);
  registry.register('requireReducedReserve', requireReducedReserve);
  registry.register('requireValuations', requireValuations);
  registry.register('requireValidAgency', requireValidAgency);
  registry.register('requireSaleDeposit', requireSaleDeposit);
  registry.register('requireSaleBalance', requireSaleBalance);
  registry.register('requireInventory', requireInventory);
  registry.register('requirePublications', requirePublications);
  registry.register('requireYardIn', requireYardIn);
  registry.register('requireWaiverWithinDues', requireWaiverWithinDues);
  registry.register('recordWaiver', recordWaiver);
  registry.register('requirePartialPayment', requirePartialPayment);
  registry.register('postPartialPayment', postPartialPayment);
}
